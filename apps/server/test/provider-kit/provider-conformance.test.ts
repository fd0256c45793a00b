import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GameProvider } from '../../src/adapters/games/game-provider.ts';
import type { ProviderHarness } from './harness.ts';
import { PROVIDER_HARNESSES } from './registry.ts';

/**
 * The game-provider conformance suite (docs/game-providers.md): what the site's money rules
 * need of any provider adapter, checked against its simulator. `npm run provider-check -- <name>`
 * runs it for one provider; `npm test` runs it for the demo provider.
 */
const name = process.env.PROVIDER_CHECK ?? 'demo';
/** The adapter's deadline for ordinary calls: generous, so a loaded machine is not mistaken for a provider fault. */
const DEADLINE_MS = 8_000;
/** The deadline of the timeout check, whose answer the simulator holds well past it. */
const SHORT_DEADLINE_MS = 500;

describe(`provider conformance: ${name}`, () => {
  let h: ProviderHarness;
  let p: GameProvider;
  beforeAll(async () => {
    const factory = PROVIDER_HARNESSES[name];
    if (!factory)
      throw new Error(
        `no provider harness named ${name} (test/provider-kit/registry.ts knows ${Object.keys(PROVIDER_HARNESSES).join(', ')})`,
      );
    h = await factory();
    p = h.provider({ timeoutMs: DEADLINE_MS });
  });
  afterEach(() => h.faults.reset());
  afterAll(() => h.close());

  const newPlayer = async (credit = 0n): Promise<string> => {
    const username = `kit${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    expect(await p.createPlayer({ username, password: 'kit-pass-123', currency: 'THB' })).toBe('CREATED');
    if (credit > 0n) expect((await p.deposit({ transferId: randomUUID(), username, amount: credit })).status).toBe('SUCCESS');
    return username;
  };
  const transfer = (username: string, amount: bigint) => ({ transferId: randomUUID(), username, amount });

  describe('players and balances', () => {
    it('creates a player once (a repeat answers EXISTS) with a zero balance', async () => {
      const username = await newPlayer();
      expect(await p.createPlayer({ username, password: 'other-pass-1', currency: 'THB' })).toBe('EXISTS');
      expect(await p.getBalance(username)).toBe(0n);
    });

    it('answers the balance in minor units after each move', async () => {
      const username = await newPlayer(12_345n);
      expect(await p.getBalance(username)).toBe(12_345n);
      expect((await p.withdraw(transfer(username, 2_345n))).status).toBe('SUCCESS');
      expect(await p.getBalance(username)).toBe(10_000n);
    });
  });

  describe('duplicates: one transfer id moves money once', () => {
    it('applies a deposit sent many times at once exactly once, and says SUCCESS to each', async () => {
      const username = await newPlayer();
      const input = transfer(username, 5_000n);
      const outcomes = await Promise.all(Array.from({ length: 6 }, () => p.deposit(input)));
      for (const outcome of outcomes) expect(outcome.status).toBe('SUCCESS');
      expect(await p.getBalance(username)).toBe(5_000n);
      expect(await p.getTransferStatus(input.transferId)).toBe('SUCCESS');
    });

    it('applies a withdrawal sent twice once', async () => {
      const username = await newPlayer(5_000n);
      const input = transfer(username, 3_000n);
      expect((await p.withdraw(input)).status).toBe('SUCCESS');
      expect((await p.withdraw(input)).status).toBe('SUCCESS');
      expect(await p.getBalance(username)).toBe(2_000n);
    });
  });

  describe('refusals: FAILED means nothing moved, for good', () => {
    it('refuses a withdrawal above the balance: FAILED, the balance unchanged, the status final', async () => {
      const username = await newPlayer(1_000n);
      const input = transfer(username, 1_001n);
      expect((await p.withdraw(input)).status).toBe('FAILED');
      expect(await p.getBalance(username)).toBe(1_000n);
      expect(await p.getTransferStatus(input.transferId)).not.toBe('SUCCESS');
    });

    it('answers FAILED when the provider refuses before any work, and nothing moves', async () => {
      const username = await newPlayer(1_000n);
      await h.faults.refuse();
      const input = transfer(username, 500n);
      expect((await p.deposit(input)).status).toBe('FAILED');
      await h.faults.reset();
      expect(await p.getBalance(username)).toBe(1_000n);
      expect(await p.getTransferStatus(input.transferId)).not.toBe('SUCCESS');
    });

    it('answers NOT_FOUND for a transfer id it never saw', async () => {
      expect(await p.getTransferStatus(randomUUID())).toBe('NOT_FOUND');
    });
  });

  describe('timeouts and unknown outcomes: UNKNOWN, then settled by the status query', () => {
    it('says UNKNOWN (timeout) when the answer comes too late; the status then tells it applied, once', async () => {
      const username = await newPlayer();
      await h.faults.applyThenHang(SHORT_DEADLINE_MS * 10);
      const input = transfer(username, 700n);
      expect(await h.provider({ timeoutMs: SHORT_DEADLINE_MS }).deposit(input)).toEqual({ status: 'UNKNOWN', reason: 'timeout' });
      await h.faults.reset();
      expect(await p.getTransferStatus(input.transferId)).toBe('SUCCESS');
      // Sending it again (a retry) must not move it twice.
      expect((await p.deposit(input)).status).toBe('SUCCESS');
      expect(await p.getBalance(username)).toBe(700n);
    });

    it('says UNKNOWN for an error answer that hides an unapplied call; cancel makes it FAILED for good', async () => {
      const username = await newPlayer(2_000n);
      await h.faults.unknownOutcome(false);
      const input = transfer(username, 800n);
      expect((await p.withdraw(input)).status).toBe('UNKNOWN');
      await h.faults.reset();
      expect(await p.getTransferStatus(input.transferId)).toBe('NOT_FOUND');
      const cancel = { ...input, direction: 'withdraw' as const };
      expect(await p.cancelTransfer(cancel)).toBe('FAILED');
      expect(await p.cancelTransfer(cancel)).toBe('FAILED');
      // The original request arriving late is refused now.
      expect((await p.withdraw(input)).status).toBe('FAILED');
      expect(await p.getBalance(username)).toBe(2_000n);
    });

    it('says UNKNOWN for a garbled answer to an applied call; cancel then answers SUCCESS (it stands)', async () => {
      const username = await newPlayer();
      await h.faults.unknownOutcome(true);
      const input = transfer(username, 900n);
      expect((await p.deposit(input)).status).toBe('UNKNOWN');
      await h.faults.reset();
      expect(await p.getTransferStatus(input.transferId)).toBe('SUCCESS');
      expect(await p.cancelTransfer({ ...input, direction: 'deposit' })).toBe('SUCCESS');
      expect(await p.getBalance(username)).toBe(900n);
    });
  });
});
