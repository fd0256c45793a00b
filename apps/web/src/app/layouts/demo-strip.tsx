import { useTranslation } from 'react-i18next';
import { sandboxMode } from '@/lib/sandbox-mode';
import styles from './demo-strip.module.css';

/** A slim line above every page while the sandbox is on: payments here are simulated, nothing is real money. */
export function DemoStrip() {
  const { t } = useTranslation();
  if (!sandboxMode()) return null;
  return (
    <p className={styles.strip} role="note" data-testid="demo-strip">
      {t('sandbox.demoStrip')}
    </p>
  );
}
