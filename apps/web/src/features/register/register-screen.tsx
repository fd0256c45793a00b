import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck } from 'lucide-react';
import { DELAYS_MS } from '@jetton/contract/constants';
import { LinkButton } from '@jetton/ui/components/link-button';
import { Page } from '@jetton/ui/components/page';
import { showToast } from '@jetton/ui/components/toast-store';
import { BankStep } from './bank-step';
import { OtpStep } from './otp-step';
import { PhoneStep } from './phone-step';
import { ProfileStep } from './profile-step';
import { useBanks } from '@jetton/ui/lib/use-banks';
import { useRegisterOtpFlag, useSources } from './register-api';
import { StepIndicator } from './step-indicator';
import { indicatorSteps, initialWizardState, wizardReducer } from './wizard';
import styles from './register-screen.module.css';

/**
 * /register: the four-step wizard (phone; one-time code when needed; profile,
 * checked by the server; bank data; docs/screens.md, "Registration wizard").
 * On success a toast shows and the member goes to /login after
 * DELAYS_MS.registerRedirect.
 */
export function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const [registered, setRegistered] = useState(false);
  const otpFlag = useRegisterOtpFlag();
  // The bank step's lists load while the member is still on the first steps.
  useBanks();
  useSources();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.step);

  // Each new step moves focus to its heading, so screen readers announce where the member is.
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    headingRef.current?.focus();
  }, [state.step]);

  useEffect(() => {
    if (!registered) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), DELAYS_MS.registerRedirect);
    return () => clearTimeout(timer);
  }, [registered, navigate]);

  const onRegistered = (): void => {
    showToast(t('register.success'), 'success');
    setRegistered(true);
  };

  // Four steps unless the code lookup is off; a code already sent keeps its step in view.
  const steps = indicatorSteps((otpFlag.data?.enabled ?? true) || state.otp !== null);
  const stepProps = { state, dispatch };

  return (
    <Page title={t('register.title')}>
      {registered ? (
        <section className={`${styles.card} ${styles.done}`} aria-labelledby={headingId}>
          <span className={styles.doneIcon}>
            <CircleCheck aria-hidden="true" size={36} strokeWidth={2} />
          </span>
          <h2 id={headingId} className={styles.stepTitle}>
            {t('register.doneTitle')}
          </h2>
          <p className={styles.text}>{t('register.doneText')}</p>
          <LinkButton to="/login" replace block>
            {t('register.loginNow')}
          </LinkButton>
        </section>
      ) : (
        <>
          <StepIndicator steps={steps} current={state.step} />
          <section className={styles.card} aria-labelledby={headingId}>
            <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
              {t(`register.${state.step}.title`)}
            </h2>
            {state.step === 'phone' && <PhoneStep {...stepProps} />}
            {state.step === 'otp' && state.otp && <OtpStep {...stepProps} otp={state.otp} />}
            {state.step === 'profile' && <ProfileStep {...stepProps} />}
            {state.step === 'bank' && state.profile && <BankStep {...stepProps} profile={state.profile} onRegistered={onRegistered} />}
          </section>
          <p className={styles.footer}>
            {t('register.haveAccount')}{' '}
            <Link to="/login" className={styles.footerLink}>
              {t('register.loginLink')}
            </Link>
          </p>
        </>
      )}
    </Page>
  );
}
