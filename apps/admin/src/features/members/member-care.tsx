import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZAdminMemberCare } from '@jetton/contract/admin/care';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { ZBreakState } from '@jetton/contract/care';
import { apiPath } from '@jetton/contract/routes';
import { Button } from '@jetton/ui/components/button';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { ReasonDialog } from '@admin/components/reason-dialog';
import ui from '@admin/components/ui.module.css';
import { adminRequest } from '@admin/lib/admin-api';
import { money, when } from '@admin/lib/display';
import { usePermissions } from '@admin/lib/operator';

type Override = { kind: 'endBreak' } | { kind: 'releaseHold'; holdId: string };

/**
 * A member's player care (docs/player-care.md, "Back office"): limits with what is used, their history,
 * breaks and held deposits. Read only, except the owner's overrides, each with a reason for the audit trail.
 */
export function MemberCare({ memberId, currency }: { memberId: string; currency: string }) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const queryClient = useQueryClient();
  const key = ['admin', 'member', memberId, 'care'];
  const care = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => adminRequest(apiPath(ADMIN_ROUTES.care.member.path, { id: memberId }), { schema: ZAdminMemberCare, signal }),
  });
  const [override, setOverride] = useState<Override>();
  const act = useMutation<unknown, ApiError, Override & { reason: string }>({
    mutationFn: (o) =>
      o.kind === 'endBreak'
        ? adminRequest(apiPath(ADMIN_ROUTES.care.endBreak.path, { id: memberId }), {
            method: 'POST',
            body: { reason: o.reason },
            schema: ZBreakState,
          })
        : adminRequest(apiPath(ADMIN_ROUTES.care.releaseHold.path, { id: o.holdId }), {
            method: 'POST',
            body: { reason: o.reason },
            schema: z.object({ ok: z.literal(true) }),
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'member', memberId] }),
  });
  if (!care.data) return null;
  const { limits, changes, current, breaks, holds } = care.data;
  const set = limits.filter((l) => l.amount !== null || l.pending);
  const canOverride = permissions.has('care.override');
  return (
    <section className={ui.card} aria-labelledby="care-title">
      <h2 id="care-title">{t('care.title')}</h2>
      <dl className={ui.dl}>
        <dt>{t('care.break')}</dt>
        <dd>
          {current
            ? t(`care.breakKind.${current.kind}`, { date: current.endsAt ? when(current.endsAt) : t('care.permanent') })
            : t('care.noBreak')}
          {current && canOverride && (
            <Button className={ui.small} variant="secondary" onClick={() => setOverride({ kind: 'endBreak' })}>
              {t('care.endBreak')}
            </Button>
          )}
        </dd>
        {set.length === 0 && (
          <>
            <dt>{t('care.limits')}</dt>
            <dd>{t('care.noLimits')}</dd>
          </>
        )}
        {set.map((l) => (
          <LimitRow key={`${l.kind}-${l.period}`} limit={l} currency={currency} />
        ))}
      </dl>
      {holds.length > 0 && (
        <table className={ui.table} aria-label={t('care.holds')}>
          <thead>
            <tr>
              <th>{t('columns.created')}</th>
              <th>{t('columns.amount')}</th>
              <th>{t('columns.status')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {holds.map((h) => (
              <tr key={h.id}>
                <td>{when(h.heldAt)}</td>
                <td className={ui.num}>{money(h.amount, h.currency)}</td>
                <td>
                  {t(`care.holdReason.${h.reason}`)} · {t(`care.holdStatus.${h.status}`)}
                </td>
                <td>
                  {h.status === 'held' && canOverride && (
                    <Button className={ui.small} variant="secondary" onClick={() => setOverride({ kind: 'releaseHold', holdId: h.id })}>
                      {t('care.release')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(changes.length > 0 || breaks.length > 0) && (
        <details>
          <summary>{t('care.history')}</summary>
          <ul className={ui.muted}>
            {breaks.map((b) => (
              <li key={b.id}>
                {when(b.startsAt)} · {t(`care.breakKind.${b.kind}`, { date: b.endsAt ? when(b.endsAt) : t('care.permanent') })}
                {b.endedEarlyAt && ` · ${t('care.endedEarly', { date: when(b.endedEarlyAt), reason: b.endReason ?? '' })}`}
              </li>
            ))}
            {changes.map((c) => (
              <li key={`${c.at}-${c.kind}-${c.period}-${c.action}`}>
                {when(c.at)} · {t(`care.kind.${c.kind}`)} / {t(`care.period.${c.period}`)} · {t(`care.action.${c.action}`)}{' '}
                {c.before === null ? '–' : money(c.before, currency)} → {c.after === null ? '–' : money(c.after, currency)}
              </li>
            ))}
          </ul>
        </details>
      )}
      {override && (
        <ReasonDialog
          open
          onClose={() => setOverride(undefined)}
          title={t(override.kind === 'endBreak' ? 'care.endBreak' : 'care.release')}
          confirmLabel={t(override.kind === 'endBreak' ? 'care.endBreak' : 'care.release')}
          summary={<p>{t(override.kind === 'endBreak' ? 'care.endBreakHelp' : 'care.releaseHelp')}</p>}
          onConfirm={async (reason) => {
            await act.mutateAsync({ ...override, reason });
          }}
        />
      )}
    </section>
  );
}

function LimitRow({ limit, currency }: { limit: z.infer<typeof ZAdminMemberCare>['limits'][number]; currency: string }) {
  const { t } = useTranslation();
  return (
    <>
      <dt>
        {t(`care.kind.${limit.kind}`)} / {t(`care.period.${limit.period}`)}
      </dt>
      <dd className={ui.num}>
        {limit.amount === null ? '–' : money(limit.amount, currency)} · {t('care.used', { amount: money(limit.used, currency) })}
        {limit.pending &&
          ` · ${t('care.pending', { amount: limit.pending.amount === null ? '–' : money(limit.pending.amount, currency), date: when(limit.pending.dueAt) })}`}
      </dd>
    </>
  );
}
