import { useTranslation } from 'react-i18next';
import { ExternalLink, MessageCircle } from 'lucide-react';
import { APP_VERSION } from '@jetton/contract/constants';
import { Button } from '@jetton/ui/components/button';
import { Page } from '@jetton/ui/components/page';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { localizedText } from '@/lib/localized-text';
import { useContact, useSiteInfo } from './use-contact';
import styles from './contact-screen.module.css';

/** /contact and /user/contact: contact text, LINE QR, LINE link and name, app version. */
export function ContactScreen() {
  const { t } = useTranslation();
  const contact = useContact();
  const info = useSiteInfo().data;
  const locale = useLocale();

  return (
    <Page title={t('contact.title')}>
      {contact.isPending && (
        <div className={styles.skeleton} role="status">
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      )}
      {contact.isError && (
        <div className={styles.card} role="alert">
          <p>{t('common.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void contact.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {contact.data && (
        <section className={styles.card} aria-label={t('contact.title')}>
          <p className={styles.text}>{localizedText(contact.data.contactText, locale)}</p>
          {contact.data.lineQR && (
            <img
              className={styles.qr}
              src={contact.data.lineQR}
              alt={t('contact.lineQrAlt', { name: contact.data.lineName })}
              width={200}
              height={200}
            />
          )}
          <p className={styles.lineName}>
            <MessageCircle aria-hidden="true" size={20} strokeWidth={2} />
            <span>{t('contact.lineId', { name: contact.data.lineName })}</span>
          </p>
          {contact.data.lineLink && (
            <a className={styles.lineLink} href={contact.data.lineLink} target="_blank" rel="noopener noreferrer">
              <span>{t('contact.addLine')}</span>
              <ExternalLink aria-hidden="true" size={18} strokeWidth={2} />
            </a>
          )}
          {info && (info.name || info.website) && (
            <p className={styles.site}>
              {info.name && <strong translate="no">{info.name}</strong>}
              {info.website && (
                <a className={styles.lineLink} href={info.website} target="_blank" rel="noopener noreferrer">
                  <span>{t('contact.website')}</span>
                  <ExternalLink aria-hidden="true" size={18} strokeWidth={2} />
                </a>
              )}
            </p>
          )}
        </section>
      )}
      <p className={styles.version}>{t('contact.version', { version: APP_VERSION })}</p>
    </Page>
  );
}
