import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  BadgeCheck,
  FerrisWheel,
  Gift,
  SlidersHorizontal,
  type LucideIcon,
} from 'lucide-react';
import { WALLET, type TStatement } from '@jetton/contract/wallet';
import type { Locale } from '@jetton/contract/constants';
import { cx } from '@jetton/ui/lib/cx';
import { formatDateTime } from '@jetton/ui/lib/format';
import { formatRelativeTime } from '@/lib/relative-time';
import { channelParts, signedAmount, statementSign, statementStatus } from './statement-view';
import styles from './statement-screen.module.css';

const ICONS: Record<TStatement['statementType'], LucideIcon> = {
  deposit: ArrowDownToLine,
  bonus: Gift,
  finish_bonus: BadgeCheck,
  withdraw: ArrowUpFromLine,
  transfer: ArrowLeftRight,
  spin: FerrisWheel,
  adjustment: SlidersHorizontal,
};

type StatementItemProps = {
  row: TStatement;
  gameNames: ReadonlyMap<string, string> | undefined;
  /** Bank code -> the bank's name in the member's language. */
  bankNames: ReadonlyMap<string, string> | undefined;
  now: number;
  locale: Locale;
};

/** One statement row: type icon, description, status, date and relative time, signed amount. */
export function StatementItem({ row, gameNames, bankNames, now, locale }: StatementItemProps) {
  const { t } = useTranslation();
  const Icon = ICONS[row.statementType];
  const status = statementStatus(row.status);
  const sign = statementSign(row);
  const side = (code: string | null) => (code === null ? '' : code === WALLET ? t('statement.wallet') : (gameNames?.get(code) ?? code));
  // The type is the row's title; the line under it is a linked offer's text, how a deposit or withdrawal moved, or where a transfer went.
  const description: string[] =
    row.description !== null
      ? [row.description]
      : row.channel
        ? channelParts(
            row.channel,
            (key, values) => t(key, values ?? {}),
            (code) => bankNames?.get(code) ?? code,
          )
        : row.statementType === 'transfer'
          ? [t('statement.transferText', { from: side(row.from), to: side(row.to) })]
          : [];

  return (
    <li className={styles.item}>
      <span className={cx(styles.icon, styles[row.statementType])}>
        <Icon aria-hidden="true" size={20} strokeWidth={2} />
      </span>
      <div className={styles.main}>
        <p className={styles.type}>{t(`statement.types.${row.statementType}`)}</p>
        {description.length > 0 && (
          <p className={styles.description}>
            {/* The first part (how the money moved) may wrap; a provider code or reference after it stays whole. */}
            {description.map((part, index) => (
              <Fragment key={index}>
                {index > 0 && ' · '}
                <span className={index > 0 ? styles.keep : undefined}>{part}</span>
              </Fragment>
            ))}
          </p>
        )}
        <p className={styles.when}>
          <time dateTime={row.createdAt} translate="no">
            {formatDateTime(row.createdAt)}
          </time>
          <span>{formatRelativeTime(row.createdAt, now, locale, (n, unit) => t(`statement.relative.${unit}`, { n }))}</span>
        </p>
      </div>
      <div className={styles.side}>
        <p className={cx(styles.amount, status === 'failed' ? styles.void : sign === '+' ? styles.credit : styles.debit)} translate="no">
          {signedAmount(row)}
        </p>
        <p className={cx(styles.status, styles[status])}>{t(`statement.status.${status}`)}</p>
      </div>
    </li>
  );
}
