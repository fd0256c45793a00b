import { randomBytes } from 'node:crypto';
import type { BankParty } from '../bank-verification.ts';

export type SimulatedTransfer = {
  transRef: string;
  /** 3-digit code of the sending bank, as printed in the mini QR. */
  sendingBank: string;
  amount: bigint;
  sender: BankParty;
  receiver: BankParty;
  time: Date;
  qrPayload: string;
  /** Its place in the bank's statement (1, 2, ...): the cursor a statement reader resumes from. */
  seq?: number;
};

/** Enough for a long demo; the oldest fall off so memory stays bounded. */
const LIMIT = 10_000;
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** The simulated bank's ledger of transfers, in process memory (per node, like the SMS outbox). */
export function createBankStore() {
  const transfers = new Map<string, SimulatedTransfer>();
  let seq = 0;
  return {
    /** A reference shaped like the banks': date, then random letters and digits (20 characters). */
    newReference(time: Date): string {
      const date = time.toISOString().slice(0, 10).replaceAll('-', '');
      const tail = [...randomBytes(12)].map((b) => ALNUM[b % ALNUM.length]).join('');
      return `${date}${tail}`;
    },
    add(transfer: SimulatedTransfer): void {
      transfer.seq = ++seq;
      transfers.set(transfer.transRef, transfer);
      if (transfers.size > LIMIT) {
        const oldest = transfers.keys().next().value;
        if (oldest !== undefined) transfers.delete(oldest);
      }
    },
    get(transRef: string): SimulatedTransfer | undefined {
      return transfers.get(transRef);
    },
    /** Transfers into one account after statement position `after`, oldest first (a statement page). */
    incoming(bank: string, account: string, after: number, limit: number): SimulatedTransfer[] {
      const out: SimulatedTransfer[] = [];
      for (const t of transfers.values()) {
        if ((t.seq ?? 0) > after && t.receiver.bank === bank && t.receiver.account === account) out.push(t);
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}
export type BankStore = ReturnType<typeof createBankStore>;
