/**
 * Builds a site of a given size in an empty, migrated and seeded database:
 * members (one shared password hash: scrypt for 50,000 members would take
 * hours), a live session each, an active game account each (the site's row and
 * the demo provider's player, as activation leaves them), their ledger
 * accounts, then the planned history (activity.ts) through writer.ts. Ends with
 * ANALYZE, as autovacuum would have by then, and the ledger's invariant check.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { uuidV7 } from '../../apps/server/src/db/uuid-v7.ts';
import { hashPassword as hashDemoPassword } from '../../apps/server/src/adapters/games/demo-provider/demo-passwords.ts';
import { checkInvariants } from '../../apps/server/src/ledger/check-invariants.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/password-hash.ts';
import { createGamePasswordBox } from '../../apps/server/src/modules/wallet/game-password-box.ts';
import { planActivity, type ActivityProfile } from './activity.ts';
import { GROWTH_BANK, GROWTH_GAME, memberAccounts, writeActivity, type GrowthMember, type WrittenCounts } from './writer.ts';

export const GROWTH_PASSWORD = 'growth-password';
const GAME_PASSWORD = 'Gr0wthPlay';
const texts = (values: unknown[]) => sql`${values.map(String)}::text[]`;

export type BuildReport = {
  counts: WrittenCounts;
  members: number;
  postings: number;
  lines: number;
  heaviestLines: number;
  seconds: number;
};

export async function buildSite(
  db: Kysely<DB>,
  profile: ActivityProfile,
  tokenSecret: string,
  log: (line: string) => void,
): Promise<BuildReport> {
  const started = Date.now();
  const passwordHash = await hashPassword(GROWTH_PASSWORD);
  const sealed = createGamePasswordBox(tokenSecret).seal(GAME_PASSWORD);
  const demoHash = await hashDemoPassword(GAME_PASSWORD);
  const joined = new Date(profile.until.getTime() - (profile.days + 1) * 86_400_000);
  const sessionEnd = new Date(Date.now() + 30 * 86_400_000);
  const prefix = await db.selectFrom('games').select('player_prefix').where('code', '=', GROWTH_GAME).executeTakeFirstOrThrow();

  const members: { id: string; username: string }[] = [];
  for (let i = 0; i < profile.members; i += 5_000) {
    const n = Math.min(5_000, profile.members - i);
    const ids = Array.from({ length: n }, () => uuidV7(joined));
    const numbers = Array.from({ length: n }, (_, j) => String(i + j).padStart(8, '0'));
    const { rows } = await sql<{ id: string; member_no: bigint }>`
      insert into members (id, name, phone, password_hash, currency, bank_code, bank_account_name, bank_account_no, source_code, invited_by, created_at, updated_at)
      select u.id, 'GROWTH MEMBER ' || u.no, '06' || u.no, ${passwordHash}, 'THB', ${GROWTH_BANK}, 'GROWTH MEMBER ' || u.no, '88' || u.no, null, null, ${joined}, ${joined}
      from unnest(${texts(ids)}::uuid[], ${texts(numbers)}::text[]) with ordinality u(id, no, n) order by u.n
      returning id, member_no`.execute(db);
    const byId = new Map(rows.map((r) => [r.id, r.member_no]));
    for (const id of ids) members.push({ id, username: `${prefix.player_prefix}${byId.get(id) ?? ''}` });
    const batch = members.slice(i);
    await sql`insert into sessions (id, member_id, created_at, expires_at)
      select gen_random_uuid(), id, ${joined}, ${sessionEnd} from unnest(${texts(batch.map((m) => m.id))}::uuid[]) as u(id)`.execute(db);
    await sql`insert into game_accounts (member_id, game_code, username, password_sealed, status, created_at, updated_at)
      select id, ${GROWTH_GAME}, username, ${sealed}, 'active', ${joined}, ${joined}
      from unnest(${texts(batch.map((m) => m.id))}::uuid[], ${texts(batch.map((m) => m.username))}::text[]) as u(id, username)`.execute(db);
    await sql`insert into demo_players (game_code, username, password_hash, currency, balance, created_at)
      select ${GROWTH_GAME}, username, ${demoHash}, 'THB', 0, ${joined} from unnest(${texts(batch.map((m) => m.username))}::text[]) as u(username)`.execute(
      db,
    );
  }
  log(`${profile.name}: ${members.length} members, sessions and game accounts in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const accounts: GrowthMember[] = await memberAccounts(db, members);
  const days = planActivity(profile);
  let lastLog = Date.now();
  const counts = await writeActivity(db, days, accounts, (day, sofar) => {
    if (Date.now() - lastLog < 15_000) return;
    lastLog = Date.now();
    log(
      `${profile.name}: history up to ${day.day.toISOString().slice(0, 10)}: ${sofar.transfers} transfers (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  });
  await sql`analyze`.execute(db);
  const violations = await checkInvariants(db);
  if (violations.length > 0) throw new Error(`${profile.name}: ${violations.length} ledger invariant violations after the build`);
  const { rows } = await sql<{ postings: bigint; lines: bigint; heaviest: bigint | null }>`
    select (select count(*) from postings) as postings, (select count(*) from statement_lines) as lines,
           (select max(lines) from statement_heads) as heaviest`.execute(db);
  const row = rows[0];
  return {
    counts,
    members: members.length,
    postings: Number(row?.postings ?? 0n),
    lines: Number(row?.lines ?? 0n),
    heaviestLines: Number(row?.heaviest ?? 0n),
    seconds: (Date.now() - started) / 1000,
  };
}
