import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bell } from 'lucide-react';
import { Button } from '@jetton/ui/components/button';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { translateError } from '@jetton/ui/lib/translate-error';
import { pushSupported, usePushState, useTurnOffPush, useTurnOnPush, useUpdatePush } from './push-api';
import styles from './profile-screen.module.css';

const NOTICES = ['deposit', 'withdrawal', 'chat', 'bonus'] as const;

/**
 * Notices on this phone (docs/member-web.md, "Push notices"): the member turns Web Push on for this
 * browser (it asks their permission), then picks which notices it shows. Hidden where the browser
 * cannot take them.
 */
export function PushCard() {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const push = usePushState();
  const on = useTurnOnPush();
  const update = useUpdatePush();
  const off = useTurnOffPush();
  const [problem, setProblem] = useState<string | null>(null);
  if (!pushSupported()) return null;
  const here = push.data?.here ?? null;

  const turnOn = () =>
    on.mutate(locale, {
      onSuccess: () => setProblem(null),
      onError: (error) => setProblem('code' in error ? translateError(t, error.code) : t('profile.push.denied')),
    });

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          <Bell aria-hidden="true" size={20} strokeWidth={2} />
          {t('profile.push.title')}
        </h2>
      </div>
      {!here && (
        <div className={styles.notice}>
          <p>{t('profile.push.intro')}</p>
          <Button variant="secondary" block onClick={turnOn} loading={on.isPending}>
            {t('profile.push.turnOn')}
          </Button>
          {problem && <p role="alert">{problem}</p>}
        </div>
      )}
      {here && (
        <div className={styles.notice}>
          <p role="status">{t('profile.push.on')}</p>
          <fieldset className={styles.lineNotices}>
            <legend>{t('profile.push.choose')}</legend>
            {NOTICES.map((notice) => (
              <label key={notice} className={styles.lineOption}>
                <input
                  type="checkbox"
                  checked={here.notices[notice]}
                  onChange={(event) => update.mutate({ endpoint: here.endpoint, notices: { [notice]: event.target.checked } })}
                />
                {t(`profile.push.notice.${notice}`)}
              </label>
            ))}
          </fieldset>
          <Button variant="secondary" block onClick={() => off.mutate(here.endpoint)} loading={off.isPending}>
            {t('profile.push.turnOff')}
          </Button>
        </div>
      )}
    </section>
  );
}
