import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Languages } from 'lucide-react';
import { isLocale, LANGUAGE_TAGS, LOCALES } from '@jetton/contract/constants';
import { showToast } from '@jetton/ui/components/toast-store';
import { changeLocale } from '@jetton/ui/i18n/setup';
import { translateError } from '@jetton/ui/lib/translate-error';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import styles from './language-select.module.css';

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
          if (!isLocale(event.target.value)) return;
          // The language file is a separate download; offline, the member stays in the current language.
          changeLocale(event.target.value).catch(() => showToast(translateError(t, 'NETWORK_ERROR')));
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={LANGUAGE_TAGS[code]}>
            {t(`language.${code}`)}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden="true" size={16} strokeWidth={2} className={styles.chevron} />
    </div>
  );
}
