import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FerrisWheel } from 'lucide-react';
import { DELAYS_MS, PAGE_SIZE } from '@jetton/contract/constants';
import type { TCoupon, TSpinResponse, TSpinSetupResponse } from '@jetton/contract/spin';
import { Button } from '@jetton/ui/components/button';
import { ComingSoon } from '@jetton/ui/components/coming-soon';
import { Page } from '@jetton/ui/components/page';
import { Pagination } from '@jetton/ui/components/pagination';
import { Sheet } from '@jetton/ui/components/sheet';
import { showToast } from '@jetton/ui/components/toast-store';
import type { Currency } from '@jetton/contract/constants';
import { formatDateTime, formatMoneyIn } from '@jetton/ui/lib/format';
import { useCurrency, useMoneyRules } from '@/lib/money-rules';
import { translateError } from '@jetton/ui/lib/translate-error';
import { FairnessPanel } from './fairness-panel';
import { couponsKey, spinSetupKey, useClaimCoupon, useCoupons, useSpin, useSpinSetup } from './spin-api';
import { WheelCanvas, type SpinTarget } from './wheel-canvas';
import styles from './spin-screen.module.css';

/**
 * /user/spin (docs/spin.md, "The screen"): the wheel with its name and a centre
 * button showing the coins, the prize dialog, the coupon table (3 a page) with
 * claim and its confirmation, and the provably fair panel.
 */
export function SpinScreen() {
  const { t } = useTranslation();
  const setup = useSpinSetup();
  return (
    // The title is in the member's language; the wheel's name (operator text) goes under it.
    <Page title={t('spin.title')} {...(setup.data?.active && setup.data.name ? { intro: setup.data.name } : {})}>
      {setup.isPending && (
        <div className={styles.skeleton} role="status">
          <span className="visually-hidden">{t('common.loading')}</span>
        </div>
      )}
      {setup.isError && !setup.data && (
        <div className={styles.failed} role="alert">
          <p>{t('common.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void setup.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {setup.data && !setup.data.active && <ComingSoon text={t('spin.inactive')} />}
      {setup.data?.active && <ActiveWheel setup={setup.data} />}
    </Page>
  );
}

function ActiveWheel({ setup }: { setup: TSpinSetupResponse }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const coinPer = useMoneyRules().data?.coinPer;
  const queryClient = useQueryClient();
  const spin = useSpin();
  const [target, setTarget] = useState<SpinTarget | null>(null);
  const [result, setResult] = useState<TSpinResponse | null>(null);
  const [prizeOpen, setPrizeOpen] = useState(false);
  const [announce, setAnnounce] = useState('');
  // idle -> spinning (asked, then turning) -> landed (prize dialog 2 s later) -> idle when the dialog closes.
  const [phase, setPhase] = useState<'idle' | 'spinning' | 'landed'>('idle');
  const spinning = phase !== 'idle';
  const prizeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(prizeTimer.current), []);

  const start = () => {
    // Clicks are ignored while spinning or without coins.
    if (spinning || setup.coin <= 0) return;
    setPhase('spinning');
    setAnnounce('');
    spin.mutate(undefined, {
      onSuccess: (answer) => {
        setResult(answer);
        // The coins left, as the server answered, until the wheel reloads.
        queryClient.setQueryData<TSpinSetupResponse>(spinSetupKey, (old) => (old ? { ...old, coin: answer.coin } : old));
        setTarget((old) => ({ index: answer.index, id: (old?.id ?? 0) + 1 }));
      },
      onError: (error) => {
        setPhase('idle');
        showToast(translateError(t, error.code), 'danger');
      },
    });
  };

  const stopped = (code: string) => {
    const slice = setup.slices.find((s) => s.code === code);
    setPhase('landed');
    setAnnounce(t('spin.landed', { prize: slice?.label ?? code }));
    prizeTimer.current = setTimeout(() => setPrizeOpen(true), DELAYS_MS.prizeDialog);
  };

  const closePrize = () => {
    setPrizeOpen(false);
    setPhase('idle');
    // The wheel reloads: coins, seed commitment and coupons as the server has them now.
    void queryClient.invalidateQueries({ queryKey: spinSetupKey });
    void queryClient.invalidateQueries({ queryKey: couponsKey });
  };

  const won = result ? setup.slices.find((s) => s.code === result.slice) : undefined;
  return (
    <>
      <section className={styles.stage} aria-label={t('spin.title')}>
        <WheelCanvas
          slices={setup.slices}
          target={target}
          onStop={stopped}
          label={t('spin.wheelLabel', { slices: setup.slices.map((s) => s.label).join(', ') })}
        >
          <button
            type="button"
            className={styles.spinButton}
            onClick={start}
            aria-disabled={spinning || setup.coin <= 0 || undefined}
            aria-busy={spinning || undefined}
          >
            <span className={styles.spinWord}>{t('spin.spin')}</span>
            <span className={styles.coinCount}>{t('spin.coins', { count: setup.coin })}</span>
          </button>
        </WheelCanvas>
        <p className={styles.hint} aria-live="polite">
          {announce ||
            (setup.coin <= 0 && !spinning && coinPer !== undefined ? t('spin.noCoins', { amount: formatMoneyIn(coinPer, currency) }) : '')}
        </p>
      </section>

      <Coupons />
      <FairnessPanel setup={setup} />

      <Sheet open={prizeOpen} onClose={closePrize} title={result?.coupon ? t('spin.prizeTitle') : t('spin.noPrizeTitle')}>
        <div className={styles.prize}>
          <span className={styles.prizeBadge} style={won ? { background: won.bgColor, color: won.textColor } : undefined}>
            <FerrisWheel aria-hidden="true" size={28} strokeWidth={2} />
            {won?.label}
          </span>
          {result?.coupon && <p className={styles.prizeValue}>{couponValue(t, result.coupon, currency)}</p>}
          {/* Sanitized on the server (docs/spin.md, "Configuration"). */}
          {won?.htmlDescription && <p className={styles.prizeText} dangerouslySetInnerHTML={{ __html: won.htmlDescription }} />}
          <p>{result?.coupon ? t('spin.prizeCoupon', { date: formatDateTime(result.coupon.expiresAt) }) : t('spin.noPrizeText')}</p>
          <Button block onClick={closePrize}>
            {t('common.ok')}
          </Button>
        </div>
      </Sheet>
    </>
  );
}

/** A coupon's worth in the member's currency (docs/money.md, "Rules per currency"). */
function couponValue(t: TFunction, coupon: TCoupon, currency: Currency | undefined): string {
  if (coupon.type === 'credit') return formatMoneyIn(coupon.amount, currency);
  if (coupon.type === 'coin') return t('spin.coins', { count: coupon.coins });
  if (coupon.type === 'bonus') return `${t('spin.couponTypes.bonus')} ${formatMoneyIn(coupon.amount, currency)}`;
  return t(`spin.couponTypes.${coupon.type}`);
}

function Coupons() {
  const { t } = useTranslation();
  const currency = useCurrency();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const coupons = useCoupons(page);
  const claim = useClaimCoupon();
  const [confirming, setConfirming] = useState<TCoupon | null>(null);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => () => clearTimeout(debounce.current), []);
  const pageCount = Math.max(1, Math.ceil((coupons.data?.total ?? 0) / PAGE_SIZE.coupon));

  const close = () => {
    clearTimeout(debounce.current);
    setWaiting(false);
    setConfirming(null);
  };
  // The confirm is debounced 500 ms: repeated presses send one claim.
  const confirm = () => {
    if (!confirming) return;
    const coupon = confirming;
    setWaiting(true);
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => {
      claim.mutate(
        { coupon: coupon._id },
        {
          onSuccess: () => showToast(t('spin.claimed', { prize: coupon.prize.name }), 'success'),
          onError: (error) => showToast(translateError(t, error.code), 'danger'),
          onSettled: () => {
            close();
            void queryClient.invalidateQueries({ queryKey: couponsKey });
            void queryClient.invalidateQueries({ queryKey: spinSetupKey });
          },
        },
      );
    }, DELAYS_MS.claimDebounce);
  };

  return (
    <section className={styles.coupons} aria-labelledby="spin-coupons-title">
      <h2 id="spin-coupons-title" className={styles.sectionTitle}>
        {t('spin.couponsTitle')}
      </h2>
      {coupons.data?.coupons.length === 0 && <p className={styles.muted}>{t('spin.noCoupons')}</p>}
      {coupons.data && coupons.data.coupons.length > 0 && (
        <table className={styles.table} aria-busy={coupons.isPlaceholderData || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('spin.couponPrize')}</th>
              <th scope="col">{t('spin.couponExpires')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('spin.claim')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {coupons.data.coupons.map((coupon) => (
              <tr key={coupon._id}>
                <td>
                  <span className={styles.couponName}>{coupon.prize.name}</span>
                  <span className={styles.muted}>{couponValue(t, coupon, currency)}</span>
                </td>
                <td className={styles.muted}>{formatDateTime(coupon.expiresAt)}</td>
                <td>
                  {coupon.status === 'claimable' ? (
                    <Button
                      onClick={() => setConfirming(coupon)}
                      aria-haspopup="dialog"
                      aria-label={t('spin.claimLabel', { prize: coupon.prize.name })}
                    >
                      {t('spin.claim')}
                    </Button>
                  ) : (
                    <span className={coupon.status === 'claimed' ? styles.claimed : styles.expired}>
                      {t(`spin.couponStatus.${coupon.status}`)}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={page} pageCount={pageCount} onChange={setPage} label={t('spin.couponsTitle')} />

      <Sheet open={confirming !== null} onClose={close} title={t('spin.confirmTitle')}>
        {confirming && (
          <div className={styles.prize}>
            <p>{t('spin.confirmText', { prize: confirming.prize.name, value: couponValue(t, confirming, currency) })}</p>
            <Button block onClick={confirm} loading={waiting || claim.isPending}>
              {t('spin.claim')}
            </Button>
            <Button block variant="secondary" onClick={close}>
              {t('common.cancel')}
            </Button>
          </div>
        )}
      </Sheet>
    </section>
  );
}
