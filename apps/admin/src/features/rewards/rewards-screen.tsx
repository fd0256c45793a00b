import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAdminDefinition, ZAdminDefinitionList } from '@jetton/contract/admin/rewards';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import type { z } from 'zod';
import { Button } from '@jetton/ui/components/button';
import { showToast } from '@jetton/ui/components/toast-store';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { translateError } from '@jetton/ui/lib/translate-error';
import { Notice } from '@admin/components/notice';
import { DataTable } from '@admin/components/data-table';
import ui from '@admin/components/ui.module.css';
import styles from './rewards-screen.module.css';
import { adminRequest } from '@admin/lib/admin-api';
import { money, when } from '@admin/lib/display';
import { errorText } from '@admin/lib/error-text';
import { DefinitionEditor } from './definition-editor';
import { MemberBonuses } from './member-bonuses';

type Definition = z.infer<typeof ZAdminDefinition>;

/**
 * Bonuses and promotion codes with their terms, uses and window, each switched
 * on or off (docs/rewards.md, "Operator side"). A switch never changes a bonus
 * already granted: its terms were copied at activation.
 */
export function RewardsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['admin', 'rewards', 'definitions'],
    queryFn: ({ signal }) => adminRequest(ADMIN_ROUTES.rewards.definitions.path, { schema: ZAdminDefinitionList, signal }),
    staleTime: 0,
  });
  const toggle = useMutation<unknown, ApiError, Definition>({
    mutationFn: ({ id, uses: _uses, ...input }) =>
      adminRequest(apiPath(ADMIN_ROUTES.rewards.updateDefinition.path, { id }), {
        method: 'PUT',
        body: { ...input, active: !input.active },
        schema: ZAdminDefinition,
      }),
    onSuccess: () => showToast(t('rewards.saved'), 'success'),
    onError: (error) => showToast(translateError(t, error.code), 'danger'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'rewards'] }),
  });
  const rows = list.data?.definitions ?? [];
  // null: no editor; 'new': a new definition; else the definition being edited.
  const [editing, setEditing] = useState<Definition | 'new' | null>(null);
  return (
    <div className={ui.stack}>
      {list.error && <Notice tone="danger">{errorText(t, list.error)}</Notice>}
      <div className={ui.toolbar}>
        <Button variant="secondary" onClick={() => setEditing('new')}>
          {t('rewards.edit.new')}
        </Button>
      </div>
      {editing !== null && (
        <DefinitionEditor
          key={editing === 'new' ? 'new' : editing.id}
          definition={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <DataTable
        caption={t('rewards.caption', { count: rows.length })}
        headings={[
          t('rewards.code'),
          t('rewards.kind'),
          t('rewards.terms'),
          t('rewards.window'),
          t('columns.status'),
          t('columns.actions'),
        ]}
        isEmpty={list.isSuccess && rows.length === 0}
        empty={t('rewards.empty')}
      >
        {rows.map((d) => (
          <tr key={d.id}>
            <td className={`${ui.mono} ${styles.code}`}>{d.code}</td>
            <td>
              {t(`rewards.origin.${d.origin}`)} · {t(`rewards.type.${d.type}`, { count: d.maxReceived })}
            </td>
            <td>
              {t('rewards.termsText', {
                percent: d.percent,
                max: money(d.maxBonus),
                min: money(d.minDeposit),
                turnover: d.turnover,
                fail: d.percentFail,
              })}
            </td>
            <td>
              {d.validFrom ? when(d.validFrom) : '–'} → {d.validTo ? when(d.validTo) : '–'}
              {d.maxUses !== null && <div className={ui.muted}>{t('rewards.uses', { uses: d.uses, max: d.maxUses })}</div>}
            </td>
            <td>
              <span className={ui.badge}>{d.active ? t('rewards.active') : t('rewards.inactive')}</span>
            </td>
            <td>
              <div className={ui.rowActions}>
                <Button className={ui.small} variant="secondary" onClick={() => setEditing(d)}>
                  {t('rewards.edit.edit', { code: d.code })}
                </Button>
                <Button
                  className={ui.small}
                  variant="secondary"
                  loading={toggle.isPending && toggle.variables.id === d.id}
                  onClick={() => toggle.mutate(d)}
                >
                  {d.active ? t('rewards.deactivate') : t('rewards.activate')}
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      <MemberBonuses />
    </div>
  );
}
