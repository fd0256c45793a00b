import { useTranslation } from 'react-i18next';
import type { TSettings } from '@jetton/contract/admin/settings';
import { CURRENCIES, QR_PROVIDERS, type Currency } from '@jetton/contract/constants';
import { TextField } from '@jetton/ui/components/text-field';
import ui from '@admin/components/ui.module.css';
import { formText } from '@admin/lib/form-text';
import { SectionForm } from './section-form';

type Money = TSettings['money'];
type Rules = Money[Currency];

const SCALARS = [
  ['withdrawMin', 'settings.withdrawMin'],
  ['withdrawMax', 'settings.withdrawMax'],
  ['autoApproveMax', 'settings.autoApproveMax'],
  ['fourEyesWithdrawalAbove', 'settings.withdrawalAbove'],
  ['fourEyesAdjustmentAbove', 'settings.adjustmentAbove'],
  ['transferMin', 'settings.transferMin'],
  ['coinPer', 'settings.coinPer'],
  ['bonusClearBelow', 'settings.bonusClearBelow'],
] as const;

/** An amount field: '' stays '' so the contract refuses it, instead of a silent 0. */
const amount = (form: HTMLFormElement, name: string): number | string => {
  const value = formText(form, name).replace(/,/g, '');
  return value === '' || Number.isNaN(Number(value)) ? value : Number(value);
};
const list = (form: HTMLFormElement, name: string): (number | string)[] =>
  formText(form, name)
    .split(/[\s;]+|,\s+/)
    .filter((item) => item !== '')
    .map((item) => (Number.isNaN(Number(item.replace(/,/g, ''))) ? item : Number(item.replace(/,/g, ''))));

function readCurrency(form: HTMLFormElement, currency: Currency, before: Rules): unknown {
  const field = (name: string) => `${currency}-${name}`;
  const gift = formText(form, field('giftLinkMin'));
  return {
    ...Object.fromEntries(SCALARS.map(([name]) => [name, amount(form, field(name))])),
    giftLinkMin: gift === '' ? null : amount(form, field('giftLinkMin')),
    qr: Object.fromEntries(
      QR_PROVIDERS.map((p) => [
        p,
        { amounts: list(form, field(`qr-${p}`)), min: amount(form, field(`qrmin-${p}`)), minExclusive: before.qr[p].minExclusive },
      ]),
    ),
  };
}

/**
 * The amount rules of each currency side by side (docs/money.md, "Rules per
 * currency"): one form, saved as the `money` section.
 */
export function MoneyRulesForm({ money, canEdit }: { money: Money; canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <SectionForm
      section="money"
      canEdit={canEdit}
      read={(form) => Object.fromEntries(CURRENCIES.map((c) => [c, readCurrency(form, c, money[c])]))}
    >
      <div className={ui.grid}>
        {CURRENCIES.map((currency) => {
          const rules = money[currency];
          const id = (name: string) => `${currency}-${name}`;
          return (
            <fieldset key={currency} className={ui.fieldset}>
              <legend className={ui.fieldLabel}>{t(`settings.currency${currency}`)}</legend>
              <div className={ui.stack}>
                {SCALARS.map(([name, label]) => (
                  <TextField key={name} name={id(name)} label={t(label)} inputMode="decimal" defaultValue={rules[name]} />
                ))}
                <TextField
                  name={id('giftLinkMin')}
                  label={t('settings.giftLinkMin')}
                  inputMode="decimal"
                  defaultValue={rules.giftLinkMin ?? ''}
                />
                {QR_PROVIDERS.map((p) => (
                  <div key={p} className={ui.formRow}>
                    <TextField
                      name={id(`qrmin-${p}`)}
                      label={t('settings.providerMin', { provider: p })}
                      inputMode="decimal"
                      defaultValue={rules.qr[p].min}
                    />
                    <TextField
                      name={id(`qr-${p}`)}
                      label={t('settings.qrPicks', { provider: p })}
                      defaultValue={rules.qr[p].amounts.join(' ')}
                    />
                  </div>
                ))}
              </div>
            </fieldset>
          );
        })}
      </div>
    </SectionForm>
  );
}
