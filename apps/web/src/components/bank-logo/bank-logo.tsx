import { useState } from 'react';
import { Landmark } from 'lucide-react';
import { bankLogoPath } from '@jetton/contract/lookup';
import styles from './bank-logo.module.css';

/**
 * A bank's mark (decorative: the bank's name is written beside it), or the
 * generic bank icon for a bank the server has no mark for.
 */
export function BankLogo({ code, size = 40 }: { code: string; size?: number }) {
  const [missing, setMissing] = useState(false);
  if (missing) return <Landmark aria-hidden="true" size={Math.round(size * 0.55)} strokeWidth={2} />;
  return (
    <img
      className={styles.logo}
      src={bankLogoPath(code)}
      alt=""
      width={size}
      height={size}
      data-bank={code}
      onError={() => setMissing(true)}
    />
  );
}
