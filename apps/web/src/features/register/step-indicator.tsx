import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { cx } from '@jetton/ui/lib/cx';
import { stepStatus, type WizardStep } from './wizard';
import styles from './step-indicator.module.css';

/** Numbered steps with labels; the current one is marked for screen readers with aria-current. */
export function StepIndicator({ steps, current }: { steps: readonly WizardStep[]; current: WizardStep }) {
  const { t } = useTranslation();
  const currentIndex = Math.max(0, steps.indexOf(current));
  return (
    <nav aria-label={t('register.stepsLabel')}>
      <p className="visually-hidden">{t('register.stepProgress', { current: currentIndex + 1, total: steps.length })}</p>
      <ol className={styles.list}>
        {steps.map((step, index) => {
          const status = stepStatus(steps, step, current);
          return (
            <li key={step} className={cx(styles.item, styles[status])} aria-current={status === 'current' ? 'step' : undefined}>
              <span className={styles.badge} aria-hidden="true">
                {status === 'done' ? <Check size={16} strokeWidth={3} /> : index + 1}
              </span>
              <span className={styles.label}>{t(`register.steps.${step}`)}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
