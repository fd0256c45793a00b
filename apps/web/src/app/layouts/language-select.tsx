import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { LOCALES } from '@jetton/contract/constants';
import { changeLocale, isLocale } from '@/i18n/setup';
import { useLocale } from '@/i18n/use-locale';
import styles from './language-select.module.css';

/** Each language is named in its own script, so a member can find theirs whatever is shown. */
const HTML_LANG = { th: 'th', la: 'lo', en: 'en' } as const;

export function LanguageSelect() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  return (
    <div className={styles.wrapper}>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <Languages aria-hidden="true" size={18} strokeWidth={2} className={styles.icon} />
      <select
        id={id}
        className={styles.select}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void changeLocale(event.target.value);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={HTML_LANG[code]}>
            {t(`language.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
