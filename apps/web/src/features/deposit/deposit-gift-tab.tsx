import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@jetton/ui/components/button';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { formatMoneyIn } from '@jetton/ui/lib/format';
import { translateError } from '@jetton/ui/lib/translate-error';
import { readTruelinkKey, useSendGiftLink } from './deposit-api';
import styles from './deposit.module.css';

/** `minimum`: the gift-link minimum of the member's currency (baht only: the tab is not offered otherwise). */
type GiftLinkFormProps = { walletAccountName: string | undefined; minimum: number; onArrived: (amount: number) => void };

/** Gift link: Send disabled while empty; errors in a red toast; the redeemed amount arrives at once. */
export function GiftLinkForm({ walletAccountName, minimum, onArrived }: GiftLinkFormProps) {
  const { t } = useTranslation();
  const gift = useSendGiftLink();
  const [link, setLink] = useState('');
  const [key] = useState(readTruelinkKey);

  if (!key || !walletAccountName) return <p className={styles.muted}>{t('home.depositDialog.giftUnavailable')}</p>;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (link.trim() === '') return;
    void gift.send(key, link, walletAccountName, {
      // The server redeems and credits in the same request: its answer is the money in the wallet.
      onSuccess: (answer) => onArrived(answer.amount),
      onError: (error) => showToast(translateError(t, error.code), 'danger'),
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <TextField
        label={t('home.depositDialog.giftLabel')}
        name="giftLink"
        type="url"
        inputMode="url"
        autoComplete="off"
        value={link}
        onChange={(event) => setLink(event.target.value)}
        hint={t('home.depositDialog.giftHint', { amount: formatMoneyIn(minimum, 'THB') })}
      />
      <Button type="submit" block loading={gift.isPending} disabled={link.trim() === ''}>
        {t('home.depositDialog.giftSend')}
      </Button>
    </form>
  );
}
