import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CRASH_STEPS, parseCrashAt, type CrashAt } from './crash-point.ts';
import { COUNTERPARTY_ENV, counterpartyConfig, CounterpartyConfigError, type CounterpartyConfig } from './counterparty-config.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where uploads go (docs/operations.md, "Uploads"): S3_BUCKET set means an S3-compatible store. */
const STORAGE_ENV = {
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The store's URL (MinIO, Cloudflare R2, ...); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** `auto` for R2; any name for MinIO. */
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `/bucket/key` URLs; default on when S3_ENDPOINT is set (MinIO needs it), off for AWS. */
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).optional(),
  /**
   * `1`: this node is the only one (its disk may hold uploads even with REDIS_URL set); `0`: one of
   * several even without Redis. Unset: several when REDIS_URL is set. docs/operations.md, "Uploads".
   */
  SINGLE_NODE: z.enum(['0', '1']).optional(),
};

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
  ...STORAGE_ENV,
  ...COUNTERPARTY_ENV,
  /**
   * Tests only: kill this process at a named step of a transfer (crash-point.ts,
   * `step` or `step#n`). Refused with NODE_ENV=production.
   */
  CRASH_AT: z
    .string()
    .optional()
    .refine((v) => v === undefined || parseCrashAt(v) !== undefined, `names no step (${CRASH_STEPS.join(', ')}, optionally #n)`),
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
  /** Where uploads go: this node's disk (DATA_DIR/uploads) or an S3-compatible bucket. */
  storage: StorageConfig;
  /** CRASH_AT: the crash test's step (never in production). */
  crashAt?: CrashAt;
  /** SCB's QR API and LINE (counterparty-config.ts); absent: neither. */
  counterparties?: CounterpartyConfig;
};

/** Where and as whom to reach an S3-compatible store. */
export type S3Settings = {
  bucket: string;
  /** Unset: AWS S3 itself (the region's endpoint). MinIO, Cloudflare R2 and others: their URL. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's default credential chain (an instance role on AWS). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `/bucket/key` URLs instead of `bucket.host/key`: what MinIO and most self-hosted stores need. */
  forcePathStyle: boolean;
};
export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3Settings);

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
  const refusal = sandboxRefusal(e) ?? localUploadsRefusal(e);
  if (refusal) throw new ConfigError(refusal);
  if (e.CRASH_AT !== undefined && e.NODE_ENV === 'production')
    throw new ConfigError('Refusing to start: CRASH_AT is a test hook that kills the server mid-transfer; unset it in production.');
  const crashAt = e.CRASH_AT === undefined ? undefined : parseCrashAt(e.CRASH_AT);
  const dataDir = path.resolve(e.DATA_DIR);
  let counterparties: CounterpartyConfig;
  try {
    counterparties = counterpartyConfig(e, e.SANDBOX === 'on');
  } catch (error) {
    if (error instanceof CounterpartyConfigError) throw new ConfigError(error.message);
    throw error;
  }
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
    storage: storageConfig(e),
    counterparties,
    ...(crashAt ? { crashAt } : {}),
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

/**
 * Uploads on one node's disk are missing on every other node (docs/operations.md, "Uploads"), so a
 * node that is one of several refuses to start without the shared store. Several: REDIS_URL is set
 * (it exists to share state between nodes) on PostgreSQL, unless SINGLE_NODE=1 says otherwise, or
 * SINGLE_NODE=0 says so. The embedded engine lives in one process: always a single node. One line.
 */
export function localUploadsRefusal(
  env: Partial<Record<'DATABASE_URL' | 'REDIS_URL' | 'SINGLE_NODE' | 'S3_BUCKET', string>>,
): string | undefined {
  if (env.S3_BUCKET || !env.DATABASE_URL) return undefined;
  const several = env.SINGLE_NODE === '0' || (env.SINGLE_NODE !== '1' && Boolean(env.REDIS_URL));
  if (!several) return undefined;
  return `Refusing to start: uploads would stay on this node's disk (DATA_DIR/uploads), where the other nodes cannot read them, and ${env.SINGLE_NODE === '0' ? 'SINGLE_NODE=0' : 'REDIS_URL'} says this node is one of several; set S3_BUCKET (with S3_ENDPOINT and keys) for a store they share, or SINGLE_NODE=1 if this is the only node.`;
}

/** The environment's S3_* as a storage choice; the secret stays in the object, never in a message. */
export function storageConfig(e: Partial<Record<keyof typeof STORAGE_ENV, string>>): StorageConfig {
  const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).find((k) => e[k]);
  if (!e.S3_BUCKET && stray)
    throw new ConfigError(`Invalid configuration: ${stray} is set but S3_BUCKET is not (uploads would stay on local disk)`);
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  if (!e.S3_BUCKET) return { kind: 'local' };
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === '1' : Boolean(e.S3_ENDPOINT),
  };
}

/**
 * What the operator commands (backup, restore, ledger:check) need, read without the server's side
 * effects (no secrets generated, no refusals): the database and where the uploads are.
 */
export function loadOperatorConfig(env: NodeJS.ProcessEnv = process.env): {
  databaseUrl: string | undefined;
  dataDir: string;
  storage: StorageConfig;
} {
  const parsed = z
    .object({ DATABASE_URL: ZEnv.shape.DATABASE_URL, DATA_DIR: ZEnv.shape.DATA_DIR, ...STORAGE_ENV })
    .safeParse({ ...env, DATABASE_URL: env.DATABASE_URL || undefined });
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return { databaseUrl: e.DATABASE_URL, dataDir: path.resolve(e.DATA_DIR), storage: storageConfig(e) };
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
