import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZBlacklistAdd, ZBlacklistEntry, ZBlacklistList, type TBlacklistAdd, type TBlacklistEntry } from '@jetton/contract/admin/members';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import { z } from 'zod';
import { Button } from '@jetton/ui/components/button';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { formatAccountNumber } from '@jetton/ui/lib/format';
import { translateError } from '@jetton/ui/lib/translate-error';
import { ReasonDialog } from '@admin/components/reason-dialog';
import { DataTable } from '@admin/components/data-table';
import ui from '@admin/components/ui.module.css';
import { adminRequest } from '@admin/lib/admin-api';
import { when } from '@admin/lib/display';
import { formText } from '@admin/lib/form-text';
import { usePermissions } from '@admin/lib/operator';

const KEY = ['admin', 'blacklist'];

/** Bank accounts that cannot register (INVALID_BANK) and whose payouts are held for review. */
export function BlacklistScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canManage = usePermissions().has('blacklist.manage');
  const list = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => adminRequest(ADMIN_ROUTES.blacklist.list.path, { schema: ZBlacklistList, signal }),
    staleTime: 0,
  });
  const add = useMutation<TBlacklistEntry, ApiError, TBlacklistAdd>({
    mutationFn: (body) => adminRequest(ADMIN_ROUTES.blacklist.add.path, { method: 'POST', body, schema: ZBlacklistEntry }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const remove = useMutation<unknown, ApiError, string>({
    mutationFn: (id) => adminRequest(apiPath(ADMIN_ROUTES.blacklist.remove.path, { id }), { method: 'DELETE', schema: z.unknown() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const [removing, setRemoving] = useState<TBlacklistEntry>();
  const [invalid, setInvalid] = useState<Set<string>>(new Set());

  const onAdd = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = ZBlacklistAdd.safeParse({
      bankCode: formText(form, 'bankCode') || undefined,
      bankAccountNo: formText(form, 'bankAccountNo'),
      reason: formText(form, 'reason'),
    });
    if (!parsed.success) {
      setInvalid(new Set(parsed.error.issues.map((issue) => String(issue.path[0]))));
      return;
    }
    setInvalid(new Set());
    add.mutate(parsed.data, {
      onSuccess: () => {
        form.reset();
        showToast(t('blacklist.added'), 'success');
      },
      onError: (error) => showToast(translateError(t, error.code), 'danger'),
    });
  };

  return (
    <div className={ui.stack}>
      {canManage && (
        <section className={ui.card} aria-labelledby="blacklist-add-title">
          <h2 id="blacklist-add-title">{t('blacklist.add')}</h2>
          <form className={ui.form} onSubmit={onAdd} noValidate>
            <div className={ui.formRow}>
              <TextField name="bankCode" label={t('blacklist.bankCode')} hint={t('blacklist.bankCodeHint')} autoComplete="off" />
              <TextField
                name="bankAccountNo"
                label={t('members.bankAccountNo')}
                inputMode="numeric"
                autoComplete="off"
                error={invalid.has('bankAccountNo') ? t('blacklist.accountInvalid') : undefined}
              />
            </div>
            <TextField
              name="reason"
              label={t('decision.reason')}
              autoComplete="off"
              error={invalid.has('reason') ? t('decision.reasonRequired') : undefined}
            />
            <div>
              <Button type="submit" loading={add.isPending}>
                {t('blacklist.addSubmit')}
              </Button>
            </div>
          </form>
        </section>
      )}
      <DataTable
        error={list.error}
        caption={t('blacklist.caption', { count: list.data?.entries.length ?? 0 })}
        headings={[t('blacklist.bankCode'), t('members.bankAccountNo'), t('decision.reason'), t('columns.created'), t('columns.actions')]}
        isEmpty={list.isSuccess && list.data.entries.length === 0}
        empty={t('blacklist.empty')}
      >
        {(list.data?.entries ?? []).map((entry) => (
          <tr key={entry.id}>
            <td>{entry.bankCode ?? t('blacklist.anyBank')}</td>
            <td className={ui.mono}>{formatAccountNumber(entry.bankAccountNo)}</td>
            <td>{entry.reason}</td>
            <td>{when(entry.createdAt)}</td>
            {canManage && (
              <td>
                <Button className={ui.small} variant="secondary" onClick={() => setRemoving(entry)}>
                  {t('blacklist.remove')}
                </Button>
              </td>
            )}
          </tr>
        ))}
      </DataTable>
      {removing && (
        <ReasonDialog
          open
          onClose={() => setRemoving(undefined)}
          title={t('blacklist.remove')}
          confirmLabel={t('blacklist.remove')}
          reason="none"
          summary={<p>{formatAccountNumber(removing.bankAccountNo)}</p>}
          onConfirm={async () => {
            await remove.mutateAsync(removing.id);
            showToast(t('blacklist.removed'), 'success');
          }}
        />
      )}
    </div>
  );
}
