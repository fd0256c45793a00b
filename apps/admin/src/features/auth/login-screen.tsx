import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TAdminLoginResponse, TAdminSessionResponse } from '@jetton/contract/admin/auth';
import { BrandMark } from '@jetton/ui/components/brand-mark';
import { usePageTitle } from '@jetton/ui/lib/use-page-title';
import { LanguageSelect } from '@jetton/ui/i18n/language-select';
import { Notice } from '@admin/components/notice';
import { startSession } from '@admin/lib/operator';
import { EnrolStep } from './enrol-step';
import { PasswordStep } from './password-step';
import { RecoveryCodes } from '@admin/components/recovery-codes';
import { TotpStep } from './totp-step';
import styles from './login-screen.module.css';

type Step =
  | { name: 'password' }
  | { name: 'totp'; challenge: string }
  | { name: 'enrol'; challenge: string; secret: string; otpauthUri: string }
  | { name: 'recovery'; session: TAdminSessionResponse };

/** Only paths inside the admin app; anything else (another origin, `//x`) goes home. */
function safeNext(next: string | null): string {
  return next && /^\/(?!\/)/.test(next) && !next.startsWith('/login') ? next : '/';
}

/**
 * Password, then a code from the authenticator app (docs/operators.md, "Login"). A first login
 * enrols the app from a QR code and shows the recovery codes once before going in.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>({ name: 'password' });
  usePageTitle(t('login.pageTitle'));
  const reason = params.get('reason');

  const enter = (session: Pick<TAdminSessionResponse, 'csrfToken' | 'me'>): void => {
    startSession(queryClient, session);
    void navigate(safeNext(params.get('next')), { replace: true });
  };

  const afterPassword = (answer: TAdminLoginResponse): void => {
    if (answer.step === 'done') enter(answer);
    else if (answer.step === 'totp') setStep({ name: 'totp', challenge: answer.challenge });
    else setStep({ name: 'enrol', challenge: answer.challenge, secret: answer.secret, otpauthUri: answer.otpauthUri });
  };

  const afterSecondStep = (session: TAdminSessionResponse): void => {
    if (session.recoveryCodes?.length) setStep({ name: 'recovery', session });
    else enter(session);
  };

  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <BrandMark />
        <LanguageSelect />
      </header>
      <main className={styles.main}>
        <div className={styles.card}>
          <h1 className={styles.title}>{t('login.heading')}</h1>
          {step.name === 'password' && reason === 'expired' && <Notice tone="info">{t('login.expired')}</Notice>}
          {step.name === 'password' && reason === 'signed-out' && <Notice tone="success">{t('login.signedOut')}</Notice>}
          {step.name === 'password' && <PasswordStep onDone={afterPassword} />}
          {step.name === 'totp' && (
            <TotpStep challenge={step.challenge} onDone={afterSecondStep} onRestart={() => setStep({ name: 'password' })} />
          )}
          {step.name === 'enrol' && (
            <EnrolStep
              challenge={step.challenge}
              secret={step.secret}
              otpauthUri={step.otpauthUri}
              onDone={afterSecondStep}
              onRestart={() => setStep({ name: 'password' })}
            />
          )}
          {step.name === 'recovery' && <RecoveryCodes codes={step.session.recoveryCodes ?? []} onContinue={() => enter(step.session)} />}
        </div>
      </main>
    </div>
  );
}
