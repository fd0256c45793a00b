import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOperator, TOperatorCredentials } from '@jetton/contract/admin/auth';
import { Button } from '@jetton/ui/components/button';
import { showToast } from '@jetton/ui/components/toast-store';
import { Notice } from '@admin/components/notice';
import { ReasonDialog } from '@admin/components/reason-dialog';
import { DataTable } from '@admin/components/data-table';
import ui from '@admin/components/ui.module.css';
import { when } from '@admin/lib/display';
import { useOperator } from '@admin/lib/operator';
import { CreateOperatorForm } from './create-operator-form';
import { useOperators, useResetOperator, useUpdateOperator } from './operators-api';

type Pending = { operator: TOperator; action: 'disable' | 'enable' | 'reset' };

/** Operators and their roles; an owner creates, disables, re-enables and resets them. */
export function OperatorsScreen() {
  const { t } = useTranslation();
  const me = useOperator();
  const list = useOperators();
  const update = useUpdateOperator();
  const reset = useResetOperator();
  const [pending, setPending] = useState<Pending>();
  const [credentials, setCredentials] = useState<TOperatorCredentials>();
  const canManage = me.permissions.includes('operators.manage');
  return (
    <div className={ui.stack}>
      {credentials && (
        <Notice tone="success" title={t('operators.credentialsTitle', { login: credentials.operator.login })}>
          <p>{t('operators.credentialsText')}</p>
          <p className={ui.mono} data-testid="temporary-password">
            {credentials.temporaryPassword}
          </p>
          <div>
            <Button variant="secondary" onClick={() => setCredentials(undefined)}>
              {t('operators.credentialsDone')}
            </Button>
          </div>
        </Notice>
      )}
      {canManage && <CreateOperatorForm onCreated={setCredentials} />}
      <DataTable
        error={list.error}
        caption={t('operators.caption')}
        headings={[
          t('operators.login'),
          t('operators.name'),
          t('operators.roles'),
          t('columns.status'),
          t('operators.lastLogin'),
          ...(canManage ? [t('columns.actions')] : []),
        ]}
      >
        {(list.data?.operators ?? []).map((operator) => (
          <tr key={operator.id}>
            <td className={ui.mono}>{operator.login}</td>
            <td>{operator.name}</td>
            <td>{operator.roles.map((role) => t(`roles.${role}`)).join(', ')}</td>
            <td>
              <span className={`${ui.badge} ${operator.active ? ui.badgeSuccess : ui.badgeDanger}`}>
                {t(operator.active ? 'operators.statusActive' : 'operators.statusDisabled')}
              </span>{' '}
              {!operator.totpEnrolled && <span className={ui.badge}>{t('operators.noTotp')}</span>}
            </td>
            <td>{when(operator.lastLoginAt)}</td>
            {canManage && (
              <td>
                {operator.id !== me.id && (
                  <div className={ui.rowActions}>
                    <Button
                      className={ui.small}
                      variant="secondary"
                      onClick={() => setPending({ operator, action: operator.active ? 'disable' : 'enable' })}
                    >
                      {t(operator.active ? 'operators.disable' : 'operators.enable')}
                    </Button>
                    <Button className={ui.small} variant="secondary" onClick={() => setPending({ operator, action: 'reset' })}>
                      {t('operators.reset')}
                    </Button>
                  </div>
                )}
              </td>
            )}
          </tr>
        ))}
      </DataTable>
      {pending && (
        <ReasonDialog
          open
          onClose={() => setPending(undefined)}
          title={t(`operators.${pending.action}Title`, { login: pending.operator.login })}
          confirmLabel={t(`operators.${pending.action}`)}
          reason="none"
          summary={<p>{t(`operators.${pending.action}Text`)}</p>}
          onConfirm={async () => {
            if (pending.action === 'reset') {
              setCredentials(await reset.mutateAsync(pending.operator.id));
            } else {
              await update.mutateAsync({ id: pending.operator.id, body: { active: pending.action === 'enable' } });
              showToast(t(`operators.${pending.action}d`), 'success');
            }
          }}
        />
      )}
    </div>
  );
}
