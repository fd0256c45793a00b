import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import type { TSpinRecord, TSpinSetupResponse } from '@jetton/contract/spin';
import { Button } from '@jetton/ui/components/button';
import { Pagination } from '@jetton/ui/components/pagination';
import { showToast } from '@jetton/ui/components/toast-store';
import { formatDateTime } from '@jetton/ui/lib/format';
import { translateError } from '@jetton/ui/lib/translate-error';
import { fetchWheelVersion, useRotateSeed, useSpinHistory } from './spin-api';
import styles from './spin-screen.module.css';

const HISTORY_PAGE = 5;

/**
 * Provably fair (docs/spin.md, "Provably fair"): the committed server seed hash,
 * the member's client seed and next nonce; revealing the seed (and choosing a
 * new client seed); the spin history, each revealed spin checkable here in
 * the browser.
 */
export function FairnessPanel({ setup }: { setup: TSpinSetupResponse }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<string | null>(null);
  const rotate = useRotateSeed();
  const history = useSpinHistory(page, open);
  const pageCount = Math.max(1, Math.ceil((history.data?.total ?? 0) / HISTORY_PAGE));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    rotate.mutate(clientSeed.trim() || undefined, {
      onSuccess: (answer) => {
        setRevealed(answer.revealed.serverSeed);
        setClientSeed('');
      },
      onError: (error) => showToast(translateError(t, error.code), 'danger'),
    });
  };

  return (
    <details className={styles.fair} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={styles.fairSummary}>
        <ShieldCheck aria-hidden="true" size={20} strokeWidth={2} />
        {t('spin.fair.title')}
      </summary>
      <p className={styles.muted}>{t('spin.fair.intro')}</p>
      <dl className={styles.seeds}>
        <dt>{t('spin.fair.hash')}</dt>
        <dd className={styles.mono}>{setup.fairness.serverSeedHash}</dd>
        <dt>{t('spin.fair.clientSeed')}</dt>
        <dd className={styles.mono}>{setup.fairness.clientSeed}</dd>
        <dt>{t('spin.fair.nonce')}</dt>
        <dd>{setup.fairness.nonce}</dd>
        {revealed && (
          <>
            <dt>{t('spin.fair.revealed')}</dt>
            <dd className={styles.mono}>{revealed}</dd>
          </>
        )}
      </dl>
      <form className={styles.rotate} onSubmit={submit}>
        <label htmlFor="spin-client-seed">{t('spin.fair.newClientSeed')}</label>
        <input
          id="spin-client-seed"
          className={styles.input}
          value={clientSeed}
          maxLength={64}
          pattern="[!-9;-~]{1,64}"
          autoComplete="off"
          onChange={(event) => setClientSeed(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={rotate.isPending}>
          {t('spin.fair.rotate')}
        </Button>
      </form>
      <h3 className={styles.sectionTitle}>{t('spin.fair.history')}</h3>
      {history.data?.spins.length === 0 && <p className={styles.muted}>{t('spin.fair.noSpins')}</p>}
      <ul className={styles.history}>
        {history.data?.spins.map((spin) => (
          <HistoryRow key={`${spin.serverSeedHash}-${spin.nonce}`} spin={spin} />
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} onChange={setPage} label={t('spin.fair.history')} />
    </details>
  );
}

function HistoryRow({ spin }: { spin: TSpinRecord }) {
  const { t } = useTranslation();
  const [verdict, setVerdict] = useState<'ok' | 'bad' | null>(null);
  const check = async () => {
    if (!spin.serverSeed) return;
    // Loaded on first use: most members never check a draw.
    const [{ verifyDraw }, wheel] = await Promise.all([import('./verify-draw'), fetchWheelVersion(spin.wheelVersion)]);
    const outcome = await verifyDraw({
      serverSeed: spin.serverSeed,
      serverSeedHash: spin.serverSeedHash,
      clientSeed: spin.clientSeed,
      nonce: spin.nonce,
      weights: wheel.slices.map((s) => s.weight),
    });
    setVerdict(outcome.hashMatches && outcome.index === spin.index && wheel.slices[outcome.index]?.code === spin.slice ? 'ok' : 'bad');
  };
  return (
    <li className={styles.historyRow}>
      <span>
        <strong>{spin.slice}</strong> · {t('spin.fair.nonce')} {spin.nonce}
        <span className={styles.muted}> · {formatDateTime(spin.createdAt)}</span>
      </span>
      {spin.serverSeed ? (
        verdict ? (
          <span className={verdict === 'ok' ? styles.claimed : styles.expired} role="status">
            {t(`spin.fair.${verdict}`)}
          </span>
        ) : (
          <Button variant="ghost" onClick={() => void check()}>
            {t('spin.fair.verify')}
          </Button>
        )
      ) : (
        <span className={styles.muted}>{t('spin.fair.notRevealed')}</span>
      )}
    </li>
  );
}
