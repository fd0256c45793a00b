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
  ['inviteMin', 'settings.inviteMin'],
  ['inviteDailyMax', 'settings.inviteDailyMax'],
  ['refundMin', 'settings.refundMin'],
  ['refundDailyMax', 'settings.refundDailyMax'],
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

/** Lines of "CODE figure figure...": a line that does not read keeps its text, so the contract refuses it. */
const lines = (form: HTMLFormElement, name: string): string[][] =>
  formText(form, name)
    .split(/\n/)
    .map((line) => line.trim().split(/\s+/))
    .filter((words) => words[0] !== '');
const figure = (word: string | undefined): number | string => {
  const text = (word ?? '').replace(/,/g, '');
  return text === '' || Number.isNaN(Number(text)) ? text : Number(text);
};
const bonusLines = (rules: Rules): string =>
  Object.entries(rules.bonuses)
    .map(([code, a]) => `${code} ${a.maxBonus} ${a.minDeposit}`)
    .join('\n');
const prizeLines = (rules: Rules): string =>
  Object.entries(rules.prizes)
    .map(([code, a]) => `${code} ${a}`)
    .join('\n');

function readCurrency(form: HTMLFormElement, currency: Currency, before: Rules): unknown {
  const field = (name: string) => `${currency}-${name}`;
  const gift = formText(form, field('giftLinkMin'));
  return {
    ...Object.fromEntries(SCALARS.map(([name]) => [name, amount(form, field(name))])),
    giftLinkMin: gift === '' ? null : amount(form, field('giftLinkMin')),
    bonuses: Object.fromEntries(
      lines(form, field('bonuses')).map(([code, max, min]): [string, unknown] => [
        code ?? '',
        { maxBonus: figure(max), minDeposit: figure(min) },
      ]),
    ),
    prizes: Object.fromEntries(lines(form, field('prizes')).map(([code, value]): [string, unknown] => [code ?? '', figure(value)])),
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
                <AmountLines name={id('bonuses')} label={t('settings.bonusAmounts')} value={bonusLines(rules)} />
                <AmountLines name={id('prizes')} label={t('settings.prizeAmounts')} value={prizeLines(rules)} />
              </div>
            </fieldset>
          );
        })}
      </div>
    </SectionForm>
  );
}

/** Amounts keyed by a code, one "CODE figure..." per line. */
function AmountLines({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <div>
      <label htmlFor={name} className={ui.fieldLabel}>
        {label}
      </label>
      <textarea id={name} name={name} className={ui.textarea} rows={5} defaultValue={value} translate="no" />
    </div>
  );
}
