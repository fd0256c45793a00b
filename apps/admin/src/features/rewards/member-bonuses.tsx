import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAdminMemberBonus, ZAdminMemberBonusList } from '@jetton/contract/admin/rewards';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import type { z } from 'zod';
import { Button } from '@jetton/ui/components/button';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { Notice } from '@admin/components/notice';
import { ReasonDialog } from '@admin/components/reason-dialog';
import { DataTable } from '@admin/components/data-table';
import ui from '@admin/components/ui.module.css';
import styles from './rewards-screen.module.css';
import { adminRequest } from '@admin/lib/admin-api';
import { money, when } from '@admin/lib/display';
import { errorText } from '@admin/lib/error-text';
import { formText } from '@admin/lib/form-text';

type MemberBonus = z.infer<typeof ZAdminMemberBonus>;

/** A member's bonus history with progress, and "end bonus with a reason" (docs/rewards.md, "Operator side"). */
export function MemberBonuses() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [memberId, setMemberId] = useState('');
  const [ending, setEnding] = useState<MemberBonus | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'rewards', 'member', memberId],
    queryFn: ({ signal }) =>
      adminRequest(apiPath(ADMIN_ROUTES.rewards.memberBonuses.path, { id: memberId }), { schema: ZAdminMemberBonusList, signal }),
    enabled: memberId !== '',
    staleTime: 0,
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMemberId(formText(event.currentTarget, 'memberId'));
  };
  const rows = list.data?.bonuses ?? [];
  return (
    <section className={ui.card} aria-labelledby="member-bonuses">
      <h2 id="member-bonuses">{t('rewards.member.title')}</h2>
      <form className={ui.toolbar} onSubmit={onSubmit}>
        <TextField name="memberId" label={t('rewards.member.id')} defaultValue={memberId} />
        <Button type="submit" variant="secondary">
          {t('rewards.member.show')}
        </Button>
      </form>
      {list.error && <Notice tone="danger">{errorText(t, list.error)}</Notice>}
      {list.isSuccess && (
        <DataTable
          caption={t('rewards.member.caption', { count: rows.length })}
          headings={[
            t('rewards.code'),
            t('columns.status'),
            { label: t('rewards.member.credit'), numeric: true },
            t('rewards.member.turnover'),
            t('rewards.member.dates'),
            t('columns.actions'),
          ]}
          isEmpty={rows.length === 0}
          empty={t('rewards.member.empty')}
        >
          {rows.map((b) => (
            <tr key={b.id}>
              <td className={ui.mono}>
                {t(`rewards.member.origin.${b.origin}`)} · <span className={styles.code}>{b.code}</span>
              </td>
              <td>
                <span className={ui.badge}>{t(`rewards.member.status.${b.status}`)}</span>
                {b.endReason && <div className={ui.muted}>{b.endReason}</div>}
              </td>
              <td className={ui.num}>{money(b.credit)}</td>
              <td>
                {money(b.turnover.done)} / {money(b.turnover.target)}
                {b.takenBack > 0 && <div className={ui.muted}>{t('rewards.member.takenBack', { amount: money(b.takenBack) })}</div>}
              </td>
              <td>
                {when(b.activatedAt)}
                <div className={ui.muted}>
                  {b.endedAt ? when(b.endedAt) : b.expiresAt ? t('rewards.member.expires', { at: when(b.expiresAt) }) : ''}
                </div>
              </td>
              <td>
                {b.status === 'active' && (
                  <Button className={ui.small} variant="primary" onClick={() => setEnding(b)}>
                    {t('rewards.member.end')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ReasonDialog
        open={ending !== null}
        onClose={() => setEnding(null)}
        title={t('rewards.member.endTitle', { code: ending?.code ?? '' })}
        summary={<p>{t('rewards.member.endSummary', { percent: ending?.percentFail ?? 0 })}</p>}
        confirmLabel={t('rewards.member.end')}
        confirmVariant="primary"
        onConfirm={async (reason, form) => {
          if (!ending) return;
          const keep = formText(form, 'keepPercent');
          await adminRequest(apiPath(ADMIN_ROUTES.rewards.endBonus.path, { id: ending.id }), {
            method: 'POST',
            body: keep === '' ? { reason } : { reason, keepPercent: Number(keep) },
            schema: ZAdminMemberBonus,
          });
          showToast(t('rewards.member.ended'), 'success');
          await queryClient.invalidateQueries({ queryKey: ['admin', 'rewards', 'member'] });
        }}
      >
        <TextField name="keepPercent" label={t('rewards.member.keepPercent')} inputMode="numeric" hint={t('rewards.member.keepHint')} />
      </ReasonDialog>
    </section>
  );
}
