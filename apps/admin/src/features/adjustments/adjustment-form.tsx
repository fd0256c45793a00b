import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZAdjustmentRequest } from '@jetton/contract/admin/money';
import { Button } from '@jetton/ui/components/button';
import { SelectField } from '@jetton/ui/components/select-field';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { formErrorText } from '@jetton/ui/lib/form-error';
import { parseAmountInput } from '@jetton/ui/lib/money';
import { translateError } from '@jetton/ui/lib/translate-error';
import ui from '@admin/components/ui.module.css';
import { useProposeAdjustment } from './adjustments-api';

/** The amount is typed as text (decimal keyboard, "1,000.50") and read by the member app's one amount parser. */
const adjustmentForm = ZAdjustmentRequest.extend({
  amount: z.string().transform((text, ctx) => {
    const amount = parseAmountInput(text);
    if (amount === undefined || amount <= 0) {
      ctx.addIssue({ code: 'custom', message: 'KEY_INVALID' });
      return z.NEVER;
    }
    return amount;
  }),
});
type FormInput = z.input<typeof adjustmentForm>;
type FormOutput = z.output<typeof adjustmentForm>;

export function AdjustmentForm({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const propose = useProposeAdjustment();
  // One key per adjustment: a retry after an unknown outcome sends the same key, a new adjustment a new one.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(adjustmentForm),
    defaultValues: { memberId, direction: 'credit', amount: '', reason: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    propose.mutate(
      { body, key },
      {
        onSuccess: (adjustment) => {
          // A proposal says why a second operator is needed: its own amount, or the day's total.
          const proposed = adjustment.fourEyesReason ? `fourEyesReason.${adjustment.fourEyesReason}` : 'adjustments.proposed';
          showToast(t(adjustment.status === 'pending' ? proposed : 'adjustments.posted'), 'success');
          form.reset({ memberId: body.memberId, direction: 'credit', amount: '', reason: '' });
          setKey(crypto.randomUUID());
        },
        onError: (error) => showToast(translateError(t, error.code), 'danger'),
      },
    ),
  );
  return (
    <section className={ui.card} aria-labelledby="adjust-title">
      <h2 id="adjust-title">{t('adjustments.new')}</h2>
      <p className={ui.muted}>{t('adjustments.help')}</p>
      <form className={ui.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          {...form.register('memberId')}
          label={t('adjustments.memberId')}
          autoComplete="off"
          spellCheck={false}
          error={formErrorText(t, errors.memberId?.message, { KEY_INVALID: 'adjustments.memberIdInvalid' })}
        />
        <div className={ui.formRow}>
          <SelectField {...form.register('direction')} label={t('adjustments.direction')}>
            <option value="credit">{t('adjustments.credit')}</option>
            <option value="debit">{t('adjustments.debit')}</option>
          </SelectField>
          <TextField
            {...form.register('amount')}
            label={t('columns.amount')}
            inputMode="decimal"
            autoComplete="off"
            error={formErrorText(t, errors.amount?.message, { KEY_INVALID: 'adjustments.amountInvalid' })}
          />
        </div>
        <TextField
          {...form.register('reason')}
          label={t('adjustments.reasonLabel')}
          hint={t('adjustments.reasonHint')}
          error={formErrorText(t, errors.reason?.message, { KEY_MISSING: 'decision.reasonRequired' })}
        />
        <div>
          <Button type="submit" loading={propose.isPending}>
            {t('adjustments.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
