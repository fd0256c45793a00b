import { randomBytes } from 'node:crypto';

export type SimulatedQr = {
  /** Our short reference inside the payload (ref1 / bill number). */
  ref: string;
  provider: string;
  qrcodeId: string;
  amount: bigint;
  currency: 'THB' | 'LAK';
  payload: string;
  callbackUrl: string;
  expiresAt: Date;
  status: 'open' | 'paid' | 'cancelled';
};

const LIMIT = 10_000;
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** The gateways' issued QRs, in process memory (per node, like the other simulators). */
export function createPayStore() {
  const byRef = new Map<string, SimulatedQr>();
  return {
    newRef(): string {
      return [...randomBytes(16)].map((b) => ALNUM[b % ALNUM.length]).join('');
    },
    add(qr: SimulatedQr): void {
      byRef.set(qr.ref, qr);
      if (byRef.size > LIMIT) {
        const oldest = byRef.keys().next().value;
        if (oldest !== undefined) byRef.delete(oldest);
      }
    },
    byRef: (ref: string) => byRef.get(ref),
    byQrcodeId(provider: string, qrcodeId: string): SimulatedQr | undefined {
      for (const qr of byRef.values()) if (qr.provider === provider && qr.qrcodeId === qrcodeId) return qr;
      return undefined;
    },
  };
}
export type PayStore = ReturnType<typeof createPayStore>;
