import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Which web build to serve: the default (Thai) build or the Lao build. */
  WEB_VARIANT: z.enum(['default', 'lao']).default('default'),
  WEB_DIST: z.string().optional(),
  /** The back office build, served under /admin (docs/operators.md, "The admin app"). */
  ADMIN_DIST: z.string().optional(),
  /** Mount the built-in simulators under /sandbox (off in a real deployment). */
  SANDBOX: z.enum(['on', 'off']).default('on'),
  /** The second switch that lets a production server start with the simulators mounted (docs/security.md). */
  SANDBOX_IN_PRODUCTION: z.enum(['0', '1']).default('0'),
  TOKEN_SECRET: z.string().min(32).optional(),
  TRUELINK_SECRET: z.string().min(16).optional(),
  PUBLIC_ORIGIN: z.url().optional(),
  SANDBOX_BASE_URL: z.url().optional(),
  /** A blank, initialized embedded data directory (tar) to start a new one from, skipping initdb. */
  EMBEDDED_TEMPLATE: z.string().optional(),
  /**
   * Which proxies to believe about the client address (X-Forwarded-For): unset
   * trusts none, so per-IP limits cannot be dodged with a forged header; `true`
   * trusts any; otherwise a comma-separated list of proxy addresses/CIDRs.
   */
  TRUST_PROXY: z.string().optional(),
  /** /metrics on the main port answers only `Authorization: Bearer <token>` (docs/operations.md, "Metrics"). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** A separate listener for /metrics only, on METRICS_HOST (default 127.0.0.1): keep it off the public network. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * On SIGTERM, how long health answers 503 while requests are still served, before the node stops
   * taking connections: longer than the balancer takes to notice (docs/operations.md, "Rolling restarts").
   */
  DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** The first back-office owner's password (docs/operators.md, "The first owner"); unset: generated and printed once. */
  ADMIN_OWNER_PASSWORD: z.string().min(10).max(128).optional(),
});

const ZSecrets = z.object({ tokenSecret: z.string().min(32), truelinkSecret: z.string().min(16) });
export type Secrets = z.infer<typeof ZSecrets>;

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  webDist: string;
  /** The back office build (apps/admin/dist), served under /admin. */
  adminDist: string;
  sandbox: boolean;
  /** Lao market rules on the server too (no phone length check, LAK/BAHT currency); follows WEB_VARIANT. */
  lao: boolean;
  publicOrigin: string | undefined;
  sandboxBaseUrl: string | undefined;
  embeddedTemplate: string | undefined;
  trustProxy: boolean | string;
  metrics: { token: string | undefined; port: number | undefined; host: string };
  drainMs: number;
  secrets: Secrets;
  /** ADMIN_OWNER_PASSWORD: used only when the first owner is created. */
  adminOwnerPassword?: string;
};

export class ConfigError extends Error {}

/**
 * Reads the environment once (no process.env elsewhere: docs/engineering.md,
 * "House rules"). Every bad
 * key is listed together. Secrets not given are generated on first start and kept
 * in DATA_DIR, so a new user sets nothing and tokens survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const refusal = sandboxRefusal(e);
  if (refusal) throw new ConfigError(refusal);
  const dataDir = path.resolve(e.DATA_DIR);
  const stored = loadOrCreateSecrets(dataDir);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ?? path.resolve(serverRoot, '../web', e.WEB_VARIANT === 'lao' ? 'dist-lao' : 'dist'),
    adminDist: e.ADMIN_DIST ?? path.resolve(serverRoot, '../admin/dist'),
    sandbox: e.SANDBOX === 'on',
    lao: e.WEB_VARIANT === 'lao',
    publicOrigin: e.PUBLIC_ORIGIN,
    sandboxBaseUrl: e.SANDBOX_BASE_URL,
    embeddedTemplate: e.EMBEDDED_TEMPLATE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    drainMs: e.DRAIN_MS,
    adminOwnerPassword: e.ADMIN_OWNER_PASSWORD,
    secrets: {
      tokenSecret: e.TOKEN_SECRET ?? stored.tokenSecret,
      truelinkSecret: e.TRUELINK_SECRET ?? stored.truelinkSecret,
    },
  };
}

/**
 * The sandbox lets anyone, without a login, approve withdrawals and pay any QR
 * (docs/security.md, "The sandbox in production"): a production server refuses
 * to start with it on unless SANDBOX_IN_PRODUCTION=1 says it is meant. One line.
 */
export function sandboxRefusal(env: Partial<Record<'NODE_ENV' | 'SANDBOX' | 'SANDBOX_IN_PRODUCTION', string>>): string | undefined {
  const production = env.NODE_ENV === 'production';
  const sandbox = (env.SANDBOX ?? 'on') === 'on';
  if (!production || !sandbox || env.SANDBOX_IN_PRODUCTION === '1') return undefined;
  return 'Refusing to start: NODE_ENV=production with SANDBOX=on mounts the simulators (anyone could approve withdrawals and pay QRs); set SANDBOX=off, or SANDBOX_IN_PRODUCTION=1 for a public demo.';
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}

function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return ZSecrets.parse(JSON.parse(readFileSync(file, 'utf8')));
  const secrets: Secrets = {
    tokenSecret: randomBytes(32).toString('base64url'),
    truelinkSecret: randomBytes(32).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  // Nodes starting at once on one folder: the file appears whole (written aside, then linked) and
  // the first link wins; a node that lost the race uses the winner's secrets.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  try {
    linkSync(draft, file);
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return ZSecrets.parse(JSON.parse(readFileSync(file, 'utf8')));
  } finally {
    unlinkSync(draft);
  }
}
