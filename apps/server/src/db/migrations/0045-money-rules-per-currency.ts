import { sql, type Kysely } from 'kysely';

/**
 * Amount rules per currency (docs/money.md, "Rules per currency"): the figures an
 * operator set for every currency at once (withdraw limits in `lookup.withdraw`,
 * the auto-approval limit, four-eyes thresholds, QR minimums, coins per deposit,
 * the bonus clear-below amount) were baht figures; they move to `rules.money.THB`.
 * Kip keeps the kip defaults of the contract (money-rules.ts) until an operator
 * sets its own. Only what was stored moves: a figure never set stays a default.
 */
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

async function read(db: Kysely<unknown>, key: string): Promise<Json> {
  const { rows } = await sql<{ value: unknown }>`select value from settings where key = ${key}`.execute(db);
  const value = rows[0]?.value;
  return isObject(value) ? value : {};
}

async function write(db: Kysely<unknown>, key: string, value: Json): Promise<void> {
  await sql`insert into settings (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
    on conflict (key) do update set value = excluded.value, updated_at = now()`.execute(db);
}

/** Minor units -> units, as the per-currency rules hold them. */
const units = (minor: unknown): number | undefined => (isNumber(minor) ? minor / 100 : undefined);

export function bahtRulesFrom(stored: {
  withdraw: Json;
  withdrawRules: Json;
  fourEyes: Json;
  qr: Json;
  deposit: Json;
  rewards: Json;
}): Json {
  const qrMins = isObject(stored.qr.providers) ? stored.qr.providers : {};
  const qr = Object.fromEntries(
    Object.entries(qrMins).flatMap(([provider, setting]) =>
      isObject(setting) && isNumber(setting.min) ? [[provider, { min: setting.min, minExclusive: false }]] : [],
    ),
  );
  const figures: Json = {
    withdrawMin: isNumber(stored.withdraw.withdrawMin) ? stored.withdraw.withdrawMin : undefined,
    withdrawMax: isNumber(stored.withdraw.withdrawMax) ? stored.withdraw.withdrawMax : undefined,
    autoApproveMax: units(stored.withdrawRules.autoApproveMaxMinor),
    fourEyesWithdrawalAbove: units(stored.fourEyes.withdrawalMinor),
    fourEyesAdjustmentAbove: units(stored.fourEyes.adjustmentMinor),
    coinPer: units(stored.deposit.coinPerMinor),
    bonusClearBelow: units(stored.rewards.clearBelowMinor),
    qr: Object.keys(qr).length > 0 ? qr : undefined,
  };
  return Object.fromEntries(Object.entries(figures).filter(([, v]) => v !== undefined));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const thb = bahtRulesFrom({
    withdraw: await read(db, 'lookup.withdraw'),
    withdrawRules: await read(db, 'rules.withdraw'),
    fourEyes: await read(db, 'rules.fourEyes'),
    qr: await read(db, 'rules.qr'),
    deposit: await read(db, 'rules.deposit'),
    rewards: await read(db, 'rules.rewards'),
  });
  const money = await read(db, 'rules.money');
  if (Object.keys(thb).length > 0) await write(db, 'rules.money', { ...money, THB: { ...thb, ...(isObject(money.THB) ? money.THB : {}) } });
  await sql`delete from settings where key = 'lookup.withdraw'`.execute(db);
}

/** The other old keys were left as they were (their amount fields are ignored now); the withdraw limits go back. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const thb = (await read(db, 'rules.money')).THB;
  const baht = isObject(thb) ? thb : {};
  await write(db, 'lookup.withdraw', {
    withdrawMin: isNumber(baht.withdrawMin) ? baht.withdrawMin : 100,
    withdrawMax: isNumber(baht.withdrawMax) ? baht.withdrawMax : 50_000,
  });
  await sql`delete from settings where key = 'rules.money'`.execute(db);
}
