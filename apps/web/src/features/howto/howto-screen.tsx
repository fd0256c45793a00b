import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRight, CirclePlay, Clock } from 'lucide-react';
import { TUTORIAL_VIDEOS } from '@jetton/contract/constants';
import { Page } from '@jetton/ui/components/page';
import { useHowto, type HowtoVideo } from './use-howto';
import { VideoSheet } from './video-sheet';
import styles from './howto-screen.module.css';

/** Until the lookup answers (or if it fails) every video is listed without a URL. */
const WITHOUT_URLS: HowtoVideo[] = TUTORIAL_VIDEOS.map((key) => ({ key, url: null }));

/** /howto: five tutorial videos, each opened in a modal player. */
export function HowtoScreen() {
  const { t } = useTranslation();
  const howto = useHowto();
  const [playing, setPlaying] = useState<HowtoVideo | null>(null);
  const videos = howto.data ?? WITHOUT_URLS;

  return (
    <Page title={t('howto.title')} intro={t('howto.intro')}>
      <ul className={styles.list} aria-busy={howto.isPending}>
        {videos.map((video, index) => (
          <li key={video.key}>
            <button type="button" className={styles.card} onClick={() => setPlaying(video)}>
              <span className={styles.thumb} aria-hidden="true">
                {video.url ? <CirclePlay size={28} strokeWidth={2} /> : <Clock size={28} strokeWidth={2} />}
              </span>
              <span className={styles.cardText}>
                <span className={styles.step}>{index + 1}</span>
                <span className={styles.cardTitle}>{t(`howto.videos.${video.key}`)}</span>
                {!video.url && <span className={styles.cardNote}>{t('howto.comingSoon')}</span>}
              </span>
              <ChevronRight aria-hidden="true" size={20} strokeWidth={2} className={styles.chevron} />
            </button>
          </li>
        ))}
      </ul>
      <VideoSheet video={playing} onClose={() => setPlaying(null)} />
    </Page>
  );
}
