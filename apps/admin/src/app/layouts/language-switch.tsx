import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Languages } from 'lucide-react';
import { isLocale, LANGUAGE_TAGS, LOCALES } from '@jetton/contract/constants';
import { showToast } from '@/components/ui/toast-store';
import { useLocale } from '@/i18n/use-locale';
import { translateError } from '@/lib/translate-error';
import styles from '@/app/layouts/language-select.module.css';
import { changeLocale } from '@admin/i18n/setup';

/** The member site's language menu, switching the admin's own messages too. */
export function LanguageSwitch() {
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
