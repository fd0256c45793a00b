import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { LAO_CURRENCY_CHOICES } from '@jetton/contract/constants';
import styles from './currency-choice.module.css';

/** Lao build only (docs/screens.md, "Registration wizard"): the wallet currency, LAK or BAHT, LAK by default. */
export function CurrencyChoice({ registration }: { registration: UseFormRegisterReturn<'currency'> }) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('register.bank.currency')}</legend>
      <div className={styles.options}>
        {LAO_CURRENCY_CHOICES.map((currency) => (
          <label key={currency} className={styles.option}>
            <input type="radio" value={currency} className={styles.radio} {...registration} />
            <span className={styles.code}>{currency}</span>
            <span className={styles.name}>{t(`register.bank.currencies.${currency}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
