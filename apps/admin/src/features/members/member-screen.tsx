import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TMemberDetail } from '@jetton/contract/admin/members';
import { Button } from '@jetton/ui/components/button';
import { useLocale } from '@jetton/ui/i18n/use-locale';
import { formatAccountNumber } from '@jetton/ui/lib/format';
import { localName } from '@jetton/ui/lib/local-name';
import { useBanks } from '@jetton/ui/lib/use-banks';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { money, when } from '@admin/lib/display';
import { errorText } from '@admin/lib/error-text';
import { usePermissions } from '@admin/lib/operator';
import { MemberActionDialog, type DialogKind } from './member-action-dialog';
import { MemberCare } from './member-care';
import { MemberHistory } from './member-history';
import { useMember } from './members-api';

/** A member's page: profile, wallet and games, registration, the actions the operator's role allows, history. */
export function MemberScreen() {
  const { t } = useTranslation();
  const { memberId = '' } = useParams();
  const detail = useMember(memberId);
  const permissions = usePermissions();
  const [dialog, setDialog] = useState<DialogKind>();
  if (detail.error) return <Notice tone="danger">{errorText(t, detail.error)}</Notice>;
  if (!detail.data) return <p className={ui.muted}>{t('common.loading')}</p>;
  const { member, registration, wallet, games } = detail.data;
  const active = member.status === 'active';
  return (
    <div className={ui.stack}>
      <section className={ui.card} aria-labelledby="member-title">
        <div className={ui.cardHeader}>
          <h2 id="member-title">
            {member.name} <span className={ui.muted}>· {member.memberNo}</span>
          </h2>
          <span className={`${ui.badge} ${active ? ui.badgeSuccess : ui.badgeDanger}`}>{t(`members.status.${member.status}`)}</span>
        </div>
        <div className={ui.rowActions}>
          {permissions.has('members.suspend') && (
            <Button
              className={ui.small}
              variant={active ? 'secondary' : 'primary'}
              onClick={() => setDialog(active ? 'suspend' : 'reactivate')}
            >
              {t(active ? 'members.suspend' : 'members.reactivate')}
            </Button>
          )}
          {permissions.has('members.resetPassword') && (
            <Button className={ui.small} variant="secondary" onClick={() => setDialog('resetPassword')}>
              {t('members.resetPassword')}
            </Button>
          )}
          {permissions.has('members.editBank') && (
            <Button className={ui.small} variant="secondary" onClick={() => setDialog('editBank')}>
              {t('members.editBank')}
            </Button>
          )}
          {permissions.has('blacklist.manage') && !member.bankBlacklisted && (
            <Button className={ui.small} variant="secondary" onClick={() => setDialog('blacklist')}>
              {t('members.blacklistBank')}
            </Button>
          )}
          {permissions.has('adjustments.propose') && (
            <Link className={ui.linkButton} to={`/adjustments?member=${member.id}`}>
              {t('members.adjust')}
            </Link>
          )}
        </div>
        <Profile detail={detail.data} />
      </section>
      <div className={ui.grid}>
        <section className={ui.card} aria-labelledby="balances-title">
          <h2 id="balances-title">{t('members.balances')}</h2>
          <dl className={ui.dl}>
            <dt>{t('members.wallet')}</dt>
            <dd className={ui.num}>{money(wallet.balance, member.currency)}</dd>
            {games.map((game) => (
              <Game key={game.code} game={game} currency={member.currency} />
            ))}
          </dl>
        </section>
        <section className={ui.card} aria-labelledby="registration-title">
          <h2 id="registration-title">{t('members.registration')}</h2>
          <dl className={ui.dl}>
            <dt>{t('members.registered')}</dt>
            <dd>{when(registration.registeredAt)}</dd>
            <dt>{t('members.source')}</dt>
            <dd>{registration.sourceCode ?? '–'}</dd>
            <dt>{t('members.invitedBy')}</dt>
            <dd>
              {registration.invitedBy ? (
                <Link to={`/members/${registration.invitedBy.id}`}>
                  {registration.invitedBy.name} · {registration.invitedBy.memberNo}
                </Link>
              ) : (
                '–'
              )}
            </dd>
            <dt>{t('members.invitees')}</dt>
            <dd>{registration.invitees}</dd>
          </dl>
        </section>
      </div>
      <MemberCare memberId={member.id} currency={member.currency} />
      <MemberHistory detail={detail.data} />
      {dialog && <MemberActionDialog kind={dialog} detail={detail.data} onClose={() => setDialog(undefined)} />}
    </div>
  );
}

function Game({ game, currency }: { game: TMemberDetail['games'][number]; currency: string }) {
  return (
    <>
      <dt>
        {game.name}
        {game.username && <span className="visually-hidden"> {game.username}</span>}
      </dt>
      <dd className={ui.num}>{money(game.balance, currency)}</dd>
    </>
  );
}

function Profile({ detail }: { detail: TMemberDetail }) {
  const { t } = useTranslation();
  const { member } = detail;
  const locale = useLocale();
  const bank = useBanks().data?.find((b) => b.code === member.bankCode);
  return (
    <dl className={ui.dl}>
      <dt>{t('members.phone')}</dt>
      <dd>{member.phone}</dd>
      <dt>{t('columns.bank')}</dt>
      <dd>
        {bank ? localName(bank, locale) : member.bankCode} {formatAccountNumber(member.bankAccountNo)} · {member.bankAccountName}{' '}
        {member.bankBlacklisted && <span className={`${ui.badge} ${ui.badgeDanger}`}>{t('members.blacklisted')}</span>}
      </dd>
      <dt>{t('members.currency')}</dt>
      <dd>{member.currency}</dd>
      <dt>{t('members.coins')}</dt>
      <dd>{member.coin}</dd>
      <dt>{t('members.memberId')}</dt>
      <dd className={ui.mono}>{member.id}</dd>
      {member.mustChangePassword && (
        <>
          <dt>{t('members.password')}</dt>
          <dd>{t('members.mustChangePassword')}</dd>
        </>
      )}
    </dl>
  );
}
