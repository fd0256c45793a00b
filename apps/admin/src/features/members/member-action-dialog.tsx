import { useTranslation } from 'react-i18next';
import type { TMemberDetail } from '@jetton/contract/admin/members';
import { SelectField } from '@jetton/ui/components/select-field';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { useBanks } from '@jetton/ui/lib/use-banks';
import { ReasonDialog } from '@admin/components/reason-dialog';
import { formText } from '@admin/lib/form-text';
import { useMemberAction } from './members-api';

export type DialogKind = 'suspend' | 'reactivate' | 'resetPassword' | 'editBank' | 'blacklist';

type Props = { kind: DialogKind; detail: TMemberDetail; onClose: () => void };

/** Suspend, reactivate, reset the password, edit the bank details, blacklist the bank account: each with a reason. */
export function MemberActionDialog({ kind, detail, onClose }: Props) {
  const { t } = useTranslation();
  const act = useMemberAction(detail.member.id);
  const banks = useBanks();
  const { member } = detail;
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={t(`members.${kind === 'blacklist' ? 'blacklistBank' : kind}`)}
      confirmLabel={t(`members.${kind === 'blacklist' ? 'blacklistBank' : kind}`)}
      confirmVariant={kind === 'reactivate' || kind === 'editBank' ? 'primary' : 'secondary'}
      summary={<p>{t(`members.${kind}Help`)}</p>}
      onConfirm={async (reason, form) => {
        if (kind === 'editBank') {
          await act.mutateAsync({
            kind,
            body: {
              bankCode: formText(form, 'bankCode'),
              bankAccountNo: formText(form, 'bankAccountNo'),
              bankAccountName: formText(form, 'bankAccountName'),
              reason,
            },
          });
        } else if (kind === 'blacklist') {
          await act.mutateAsync({ kind, body: { bankCode: member.bankCode, bankAccountNo: member.bankAccountNo, reason } });
        } else {
          await act.mutateAsync({ kind, reason });
        }
        showToast(t(`members.${kind}Done`), 'success');
      }}
    >
      {kind === 'editBank' && (
        <>
          <SelectField name="bankCode" label={t('members.bankCode')} defaultValue={member.bankCode}>
            {(banks.data ?? [{ code: member.bankCode }]).map((bank) => (
              <option key={bank.code} value={bank.code}>
                {bank.code}
              </option>
            ))}
          </SelectField>
          <TextField
            name="bankAccountNo"
            label={t('members.bankAccountNo')}
            defaultValue={member.bankAccountNo}
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField name="bankAccountName" label={t('members.bankAccountName')} defaultValue={member.bankAccountName} autoComplete="off" />
        </>
      )}
    </ReasonDialog>
  );
}
