import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import { BannerCarousel } from '@/components/banner-carousel/banner-carousel';
import { Button } from '@jetton/ui/components/button';
import { copyWithToast } from '@jetton/ui/components/copy-with-toast';
import { Pagination } from '@jetton/ui/components/pagination';
import { Sheet } from '@jetton/ui/components/sheet';
import { formatDateTime, formatMoneyIn } from '@jetton/ui/lib/format';
import { useCurrency } from '@/lib/money-rules';
import { INVITE_PAGE_SIZE, inviteLink, useInviteBanners, useInviteCode, useInvites } from './invite-api';
import styles from './invite-sheet.module.css';

type InviteSheetProps = { open: boolean; onClose: () => void; counts: { success: number; fail: number } };

/**
 * The invite dialog (docs/rewards.md, "Invite"): the banners first when the
 * operator has any, then the invite link with copy, the success and fail
 * counts, and the invite rows 10 a page.
 */
export function InviteSheet({ open, onClose, counts }: InviteSheetProps) {
  const { t } = useTranslation();
  const banners = useInviteBanners(open);
  const [seenBanners, setSeenBanners] = useState(false);
  const showBanners = !seenBanners && (banners.data?.length ?? 0) > 0;
  const close = () => {
    setSeenBanners(false);
    onClose();
  };
  return (
    <Sheet open={open} onClose={close} title={t('invite.title')}>
      {showBanners && banners.data ? (
        <div className={styles.body}>
          <BannerCarousel banners={banners.data} label={t('invite.banners')} />
          <Button block onClick={() => setSeenBanners(true)}>
            {t('invite.continue')}
          </Button>
        </div>
      ) : (
        <InviteBody open={open && !banners.isPending} counts={counts} />
      )}
    </Sheet>
  );
}

function InviteBody({ open, counts }: { open: boolean; counts: { success: number; fail: number } }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const [page, setPage] = useState(1);
  const code = useInviteCode(open);
  const invites = useInvites(page, open);
  const link = code.data ? inviteLink(window.location.origin, code.data) : '';
  const pageCount = Math.max(1, Math.ceil((invites.data?.total ?? 0) / INVITE_PAGE_SIZE));
  return (
    <div className={styles.body}>
      <div className={styles.linkBox}>
        <p className={styles.linkLabel}>{t('invite.link')}</p>
        <p className={styles.link} translate="no">
          {link || t('common.loading')}
        </p>
        <Button variant="secondary" disabled={!link} onClick={() => void copyWithToast(t, link)}>
          <Copy aria-hidden="true" size={18} strokeWidth={2} />
          {t('invite.copy')}
        </Button>
      </div>
      <dl className={styles.counts}>
        <div>
          <dt>{t('invite.success')}</dt>
          <dd>{counts.success}</dd>
        </div>
        <div>
          <dt>{t('invite.fail')}</dt>
          <dd>{counts.fail}</dd>
        </div>
      </dl>
      {invites.data && invites.data.invites.length === 0 && <p className={styles.empty}>{t('invite.empty')}</p>}
      {invites.data && invites.data.invites.length > 0 && (
        <table className={styles.table}>
          <caption className="visually-hidden">{t('invite.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('invite.from')}</th>
              <th scope="col">{t('invite.amount')}</th>
              <th scope="col">{t('invite.date')}</th>
            </tr>
          </thead>
          <tbody>
            {invites.data.invites.map((row, index) => (
              <tr key={`${row.createdAt}-${index}`}>
                <td>{row.from.name}</td>
                <td className={styles.number}>{formatMoneyIn(row.amount, currency)}</td>
                <td>{formatDateTime(row.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={page} pageCount={pageCount} onChange={setPage} label={t('invite.pages')} />
    </div>
  );
}
