import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Hourglass } from 'lucide-react';
import styles from './coming-soon.module.css';

/** An honest "not available yet" panel for screens whose feature is still to come. */
export function ComingSoon({ text }: { text: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <span className={styles.badge}>
        <Hourglass aria-hidden="true" size={28} strokeWidth={2} />
      </span>
      <h2 id={titleId} className={styles.title}>
        {t('common.comingSoonTitle')}
      </h2>
      <p className={styles.text}>{text}</p>
    </section>
  );
}
