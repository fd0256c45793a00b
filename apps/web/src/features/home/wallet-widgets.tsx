import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  BadgePercent,
  FerrisWheel,
  HandCoins,
  RefreshCcw,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { cx } from '@jetton/ui/lib/cx';
import styles from './wallet-widgets.module.css';

/** Widgets that open a dialog on home (the prize wheel's widget is a link to its screen instead). */
export type DialogWidget = 'deposit' | 'withdraw' | 'invite' | 'refund';

type WalletWidgetsProps = {
  /** The prize wheel widget replaces 'refresh all' only while a wheel is active (docs/screens.md, "Home"). */
  wheelActive: boolean;
  coin: number;
  invite: { success: number; fail: number };
  refreshing: boolean;
  onRefreshAll: () => void;
  onOpen: (widget: DialogWidget) => void;
};

const ICON = { size: 24, strokeWidth: 2, 'aria-hidden': true } as const;

/** Deposit, withdraw, spin wheel or 'refresh all', invite (with counts), bonus conditions, refund. */
export function WalletWidgets({ wheelActive, coin, invite, refreshing, onRefreshAll, onOpen }: WalletWidgetsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogWidget = (widget: DialogWidget, icon: LucideIcon, extra?: string) => (
    <WidgetButton icon={icon} label={t(`home.widgets.${widget}`)} extra={extra} onClick={() => onOpen(widget)} dialog />
  );
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {t('home.widgets.title')}
      </h2>
      <ul className={styles.grid}>
        <li>{dialogWidget('deposit', ArrowDownToLine)}</li>
        <li>{dialogWidget('withdraw', ArrowUpFromLine)}</li>
        <li>
          {wheelActive ? (
            <Link to="/user/spin" className={styles.widget}>
              <WidgetFace icon={FerrisWheel} label={t('home.widgets.spin')} extra={t('home.widgets.coins', { coins: coin })} />
            </Link>
          ) : (
            <WidgetButton icon={RefreshCcw} label={t('home.widgets.refreshAll')} onClick={onRefreshAll} busy={refreshing} />
          )}
        </li>
        <li>{dialogWidget('invite', UserPlus, t('home.widgets.inviteCounts', { success: invite.success, fail: invite.fail }))}</li>
        <li>
          <Link to="/user/bonus" className={styles.widget}>
            <WidgetFace icon={BadgePercent} label={t('home.widgets.bonus')} />
          </Link>
        </li>
        <li>{dialogWidget('refund', HandCoins)}</li>
      </ul>
    </section>
  );
}

type WidgetButtonProps = {
  icon: LucideIcon;
  label: string;
  extra?: string | undefined;
  onClick: () => void;
  dialog?: boolean;
  busy?: boolean;
};

function WidgetButton({ icon, label, extra, onClick, dialog = false, busy = false }: WidgetButtonProps) {
  return (
    <button
      type="button"
      className={cx(styles.widget, busy && styles.busy)}
      onClick={onClick}
      aria-haspopup={dialog ? 'dialog' : undefined}
      aria-busy={busy || undefined}
      disabled={busy}
    >
      <WidgetFace icon={icon} label={label} extra={extra} />
    </button>
  );
}

function WidgetFace({ icon: Icon, label, extra }: { icon: LucideIcon; label: string; extra?: ReactNode }) {
  return (
    <>
      <span className={styles.icon}>
        <Icon {...ICON} />
      </span>
      <span className={styles.label}>{label}</span>
      {extra && <span className={styles.extra}>{extra}</span>}
    </>
  );
}
