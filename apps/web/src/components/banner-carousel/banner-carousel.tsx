import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { TBanner } from '@jetton/contract/rewards';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { localizedText } from '@/lib/localized-text';
import styles from './banner-carousel.module.css';

/**
 * The operator's banners, one at a time with previous / next and dots
 * (docs/rewards.md, "Banners"). The HTML was sanitized by the server with an
 * allow-list of attribute-free formatting tags before it was stored, so it is
 * rendered as markup, in the member's language (English when the operator
 * left that language empty); the image carries no words and is decorative.
 */
export function BannerCarousel({ banners, label }: { banners: readonly TBanner[]; label: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [index, setIndex] = useState(0);
  if (banners.length === 0) return null;
  const at = Math.min(index, banners.length - 1);
  const banner = banners[at];
  if (!banner) return null;
  const html = localizedText(banner.html, locale);
  const step = (by: number) => setIndex((at + by + banners.length) % banners.length);
  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={label}>
      <div className={styles.slide} aria-live="polite">
        {banner.image && <img className={styles.image} src={banner.image} alt="" width={640} height={280} />}
        {/* Server-sanitized (allow-listed tags, no attributes): see the comment above. */}
        {html && <div className={styles.html} dangerouslySetInnerHTML={{ __html: html }} />}
      </div>
      {banners.length > 1 && (
        <div className={styles.controls}>
          <button type="button" className={styles.step} onClick={() => step(-1)} aria-label={t('banners.previous')}>
            <ChevronLeft aria-hidden="true" size={20} strokeWidth={2} />
          </button>
          <p className={styles.dots}>{t('banners.position', { n: at + 1, total: banners.length })}</p>
          <button type="button" className={styles.step} onClick={() => step(1)} aria-label={t('banners.next')}>
            <ChevronRight aria-hidden="true" size={20} strokeWidth={2} />
          </button>
        </div>
      )}
    </section>
  );
}
