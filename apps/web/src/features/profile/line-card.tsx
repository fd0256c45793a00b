import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageCircle } from 'lucide-react';
import { LOCALES, type Locale } from '@jetton/contract/constants';
import { Button } from '@jetton/ui/components/button';
import { SelectField } from '@jetton/ui/components/select-field';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { useLineLink, useLineLinkCode, useUnlinkLine, useUpdateLineLink } from './line-api';
import styles from './profile-screen.module.css';

const NOTICES = ['deposit', 'withdrawal', 'chat'] as const;

/**
 * LINE notices on the profile (docs/member-web.md, "LINE"): a code to send the
 * site's LINE bot links the member's LINE account; then the notices they want
 * and their language. Hidden when the site has no LINE channel.
 */
export function LineCard() {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const link = useLineLink();
  const code = useLineLinkCode();
  const update = useUpdateLineLink();
  const unlink = useUnlinkLine();
  const state = link.data;
  if (!state?.available) return null;

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          <MessageCircle aria-hidden="true" size={20} strokeWidth={2} />
          {t('profile.line.title')}
        </h2>
      </div>
      {!state.linked && (
        <div className={styles.notice}>
          <p>{t('profile.line.intro')}</p>
          {code.data ? (
            <>
              <p>{t('profile.line.sendCode', { bot: code.data.botBasicId })}</p>
              <p className={styles.lineCode} translate="no" data-testid="line-code">
                {code.data.code}
              </p>
              <Button variant="secondary" block onClick={() => void link.refetch()}>
                {t('profile.line.sent')}
              </Button>
            </>
          ) : (
            <Button variant="secondary" block onClick={() => code.mutate(locale)} disabled={code.isPending}>
              {t('profile.line.getCode')}
            </Button>
          )}
        </div>
      )}
      {state.linked && (
        <div className={styles.notice}>
          <p role="status">{t('profile.line.linked')}</p>
          <fieldset className={styles.lineNotices}>
            <legend>{t('profile.line.choose')}</legend>
            {NOTICES.map((notice) => (
              <label key={notice} className={styles.lineOption}>
                <input
                  type="checkbox"
                  checked={state.notices[notice]}
                  onChange={(event) => update.mutate({ notices: { [notice]: event.target.checked } })}
                />
                {t(`profile.line.notice.${notice}`)}
              </label>
            ))}
          </fieldset>
          <SelectField
            label={t('profile.line.language')}
            value={state.lang ?? locale}
            onChange={(event) => update.mutate({ lang: event.target.value as Locale })}
          >
            {LOCALES.map((lang) => (
              <option key={lang} value={lang}>
                {t(`profile.line.lang.${lang}`)}
              </option>
            ))}
          </SelectField>
          <Button variant="secondary" block onClick={() => unlink.mutate()} disabled={unlink.isPending}>
            {t('profile.line.unlink')}
          </Button>
        </div>
      )}
    </section>
  );
}
