/**
 * Every member endpoint the growth bench measures, as autocannon requests
 * built from a fixture's probes. Ordinary members rotate over the
 * connections; endpoints with per-member limits (open deposit notices, open
 * QR codes, processing slips) draw a fresh member of the pool for each request.
 */
import { randomUUID } from 'node:crypto';
import { PNG } from 'pngjs';

export type Probes = {
  heavy: { token: string; lines: number };
  probes: { token: string; username: string; slipId: string | null }[];
  pool: string[];
  logoutPool: string[];
};

type Built = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; headers: Record<string, string>; body?: string | Buffer };
export type Endpoint = {
  name: string;
  /** Connections: most run 4; CPU-bound ones (scrypt at the provider) 1. */
  connections: number;
  /** Builds the n-th request against a fixture's probes. */
  request: (probes: Probes, n: number) => Built;
  /** Requests a member of the pool may make before its limit (0: no pool). */
  poolUse?: number;
  /** Which pool: logout takes members of its own (it ends all their sessions). */
  pool?: 'pool' | 'logoutPool';
  /** Statuses that are the expected answer besides 2xx. */
  expect?: number[];
};

/** Endpoints left out, and why (printed with the results). */
export const NOT_MEASURED = [
  'PUT /api/account/changepwd: two scrypt hashes (~0.6 s of CPU) and it revokes the sessions the other probes use; its database work is two primary-key writes',
  'POST /api/wallet/truelink: each request needs a fresh voucher from the voucher simulator; its database work is a primary-key claim and a deposit entry, both measured through POST /api/wallet/add and the deposit writes',
  'POST /api/wallet/transferAll: the same path as POST /api/wallet/transfer after one balance read',
] as const;

const json = (token: string, body?: unknown, key = false): Pick<Built, 'headers' | 'body'> => ({
  headers: {
    authorization: `Bearer ${token}`,
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(key ? { 'idempotency-key': randomUUID() } : {}),
  },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const probe = (p: Probes, n: number) => p.probes[n % p.probes.length] ?? { token: '', username: '', slipId: null };
/** The pool's member for the n-th request (`per` requests each), within one half of the pool. */
const pooled = (p: Probes, n: number, per: number, half: 0 | 1 = 0) => {
  const size = Math.floor(p.pool.length / 2);
  return p.pool[half * size + (Math.floor(n / per) % size)] ?? '';
};

/** A small, valid PNG: the upload checks the header and the CRCs, not what the picture shows. */
function slipPng(): Buffer {
  const png = new PNG({ width: 64, height: 64 });
  png.data.fill(255);
  return PNG.sync.write(png);
}
const SLIP = slipPng();
function multipart(token: string): Pick<Built, 'headers' | 'body'> {
  const boundary = `growth${randomUUID().replaceAll('-', '')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slip.png"\r\nContent-Type: image/png\r\n\r\n`),
    SLIP,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'idempotency-key': randomUUID(),
    },
    body,
  };
}

const PAGE = 10;
export const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/wallet', connections: 4, request: (p, n) => ({ method: 'GET', path: '/api/wallet', ...json(probe(p, n).token) }) },
  {
    name: 'GET /api/account/profile',
    connections: 4,
    request: (p, n) => ({ method: 'GET', path: '/api/account/profile', ...json(probe(p, n).token) }),
  },
  {
    name: 'PUT /api/account/bankAccountName',
    connections: 4,
    request: (p, n) => ({
      method: 'PUT',
      path: '/api/account/bankAccountName',
      ...json(probe(p, n).token, { bankCode: 'KTB', bankAccountName: `GROWTH MEMBER ${'ABCDEFG'.charAt(n % 7)}` }),
    }),
  },
  {
    name: 'POST /api/statement page 1, ordinary member',
    connections: 4,
    request: (p, n) => ({ method: 'POST', path: '/api/statement', ...json(probe(p, n).token, { page: 1, limit: PAGE }) }),
  },
  {
    name: 'POST /api/statement page 1, heavy member',
    connections: 4,
    request: (p) => ({ method: 'POST', path: '/api/statement', ...json(p.heavy.token, { page: 1, limit: PAGE }) }),
  },
  {
    name: 'POST /api/statement last page, heavy member',
    connections: 4,
    request: (p) => ({
      method: 'POST',
      path: '/api/statement',
      ...json(p.heavy.token, { page: Math.max(1, Math.ceil(p.heavy.lines / PAGE)), limit: PAGE }),
    }),
  },
  {
    name: 'POST /api/wallet/transfer wallet <-> game',
    connections: 4,
    // Even requests move 1.00 to the game, odd ones back: each member's game account never runs dry.
    request: (p, n) => {
      const [from, to] = n % 2 === 0 ? ['WALLET', 'pg'] : ['pg', 'WALLET'];
      return { method: 'POST', path: '/api/wallet/transfer', ...json(probe(p, Math.floor(n / 2)).token, { from, to, amount: 1 }, true) };
    },
  },
  {
    name: 'GET /api/wallet/refresh/slot',
    connections: 4,
    request: (p, n) => ({ method: 'GET', path: '/api/wallet/refresh/slot', ...json(probe(p, n).token) }),
  },
  {
    name: 'GET /api/wallet/account/:code',
    connections: 4,
    request: (p, n) => ({ method: 'GET', path: '/api/wallet/account/pg', ...json(probe(p, n).token) }),
  },
  // The probes' game is active already: 409 SLOT_ALREADY_ACTIVE after reading the account (a new activation is the provider's scrypt).
  {
    name: 'GET /api/wallet/activate/:code',
    connections: 4,
    expect: [409],
    request: (p, n) => ({ method: 'GET', path: '/api/wallet/activate/pg', ...json(probe(p, n).token) }),
  },
  {
    name: 'GET /api/wallet/resetpassword/:code',
    connections: 1,
    request: (p, n) => ({ method: 'GET', path: '/api/wallet/resetpassword/pg', ...json(probe(p, n).token) }),
  },
  {
    name: 'GET /api/autoLogin/:game/:username',
    connections: 4,
    request: (p, n) => ({ method: 'GET', path: `/api/autoLogin/pg/${probe(p, n).username}`, ...json(probe(p, n).token) }),
  },
  {
    name: 'POST /api/wallet/withdraw',
    connections: 4,
    request: (p, n) => ({ method: 'POST', path: '/api/wallet/withdraw', ...json(probe(p, n).token, { amount: 100 }, true) }),
  },
  {
    name: 'POST /api/wallet/add',
    connections: 4,
    poolUse: 3,
    request: (p, n) => ({ method: 'POST', path: '/api/wallet/add', ...json(pooled(p, n, 3), { amount: 100 }, true) }),
  },
  {
    name: 'GET /api/qrcode/:provider',
    connections: 4,
    request: (p, n) => ({ method: 'GET', path: '/api/qrcode/PAYTIMZ', ...json(probe(p, n).token) }),
  },
  {
    name: 'POST /api/qrcode/:provider',
    connections: 4,
    poolUse: 1,
    request: (p, n) => ({ method: 'POST', path: '/api/qrcode/PAYTIMZ', ...json(pooled(p, n, 1), { amount: 100 }) }),
  },
  {
    name: 'POST /api/statement/slip',
    connections: 4,
    request: (p, n) => ({ method: 'POST', path: '/api/statement/slip', ...json(probe(p, n).token, { page: 1, limit: PAGE }) }),
  },
  {
    name: 'GET /api/statement/slip/reference/:reference',
    connections: 4,
    request: (p, n) => {
      const withSlip = p.probes.filter((m) => m.slipId !== null);
      const m = withSlip[n % Math.max(1, withSlip.length)] ?? probe(p, n);
      return { method: 'GET', path: `/api/statement/slip/reference/${m.slipId ?? 'none'}`, ...json(m.token) };
    },
  },
  {
    name: 'POST /api/wallet/slip (upload)',
    connections: 4,
    poolUse: 3,
    request: (p, n) => ({ method: 'POST', path: '/api/wallet/slip', ...multipart(pooled(p, n, 3, 1)) }),
  },
  {
    name: 'POST /api/logout',
    connections: 4,
    poolUse: 1,
    pool: 'logoutPool',
    request: (p, n) => ({ method: 'POST', path: '/api/logout', ...json(p.logoutPool[n % p.logoutPool.length] ?? '') }),
  },
];
