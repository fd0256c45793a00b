import { GAME_CODES } from '@jetton/contract/constants';
import { z } from 'zod';
import { text } from '@jetton/contract/text';

/**
 * The demo provider's wire format, shared by its routes and the site's adapter.
 * Amounts are minor units written as decimal strings: no float on either side.
 */
export const ZMinor = text().regex(/^(0|[1-9][0-9]{0,17})$/, 'minor units as a decimal string');
export const ZPositiveMinor = ZMinor.refine((v) => v !== '0', 'must be above zero');

export const ZGameParam = z.object({ game: z.enum(GAME_CODES) });
export const ZUsername = text().regex(/^[a-z0-9_]{3,32}$/);
export const ZTransferId = text()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const ZCreatePlayer = z.object({
  username: ZUsername,
  password: text().min(6).max(128),
  currency: z.enum(['THB', 'LAK']),
});

export const ZSetPassword = z.object({ password: text().min(6).max(128) });

export const ZBalance = z.object({ balance: ZMinor });

export const ZTransferRequest = z.object({
  transferId: ZTransferId,
  username: ZUsername,
  direction: z.enum(['deposit', 'withdraw']),
  amount: ZPositiveMinor,
});

export const ZTransferResult = z.object({
  transferId: text(),
  status: z.enum(['SUCCESS', 'FAILED']),
  reason: text().nullable(),
  balance: ZMinor.nullable(),
});
export type TTransferResult = z.infer<typeof ZTransferResult>;

export const ZTransferStatus = z.object({ transferId: text(), status: z.enum(['SUCCESS', 'FAILED', 'NOT_FOUND']) });

/** A cancel names the transfer as it was sent, so a request arriving after it is refused as the same transfer. */
export const ZCancelRequest = ZTransferRequest.omit({ transferId: true });
export const ZFinalTransferStatus = z.object({ transferId: text(), status: z.enum(['SUCCESS', 'FAILED']) });

export const ZLaunchRequest = z.object({ username: ZUsername, platform: z.enum(['web', 'android', 'ios']) });
export const ZLaunchToken = z.object({ token: text(), expiresInSeconds: z.number().int().positive() });

export const ZRoundsQuery = z.object({
  since: z.iso.datetime(),
  after: text()
    .regex(/^[0-9]{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

export const ZRound = z.object({
  id: text(),
  username: text(),
  game: z.enum(['slot', 'sport', 'lotto']),
  bet: ZMinor,
  payout: ZMinor,
  playedAt: z.iso.datetime(),
});

export const ZRoundsPage = z.object({ rounds: z.array(ZRound), next: text().nullable() });

/** Error answers: `{ error: CODE }`, the provider's own codes (not the site's catalogue). */
export const ZProviderError = z.object({ error: text() });

/** Fault controls of the sandbox (POST /sandbox/games/faults). */
export const ZFaults = z.object({
  /** Delay added before every API answer. */
  latencyMs: z.number().int().min(0).max(60_000).default(0),
  /** Share of API calls refused outright (a transfer is recorded FAILED; other calls answer 503). */
  failureRate: z.number().min(0).max(1).default(0),
  /** Apply the call, then hold the answer until the client gives up (or hangMs passes). */
  timeout: z.boolean().default(false),
  hangMs: z.number().int().min(0).max(120_000).default(30_000),
  /** Apply the call (or not) and answer 500 or a garbled body: the caller cannot know which. */
  unknownOutcome: z
    .object({ applied: z.boolean(), answer: z.enum(['500', 'garbled']) })
    .nullable()
    .default(null),
});
export type TFaults = z.infer<typeof ZFaults>;

export const ZSetFaults = ZFaults.extend({ game: z.enum(GAME_CODES).nullable().default(null) });
