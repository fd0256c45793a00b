/**
 * `npm run chaos`: the fault run (docs/faults.md) against PostgreSQL, full
 * form: 60 s of faults, 16 clients. It creates and drops a database of its own
 * on the server at CHAOS_DATABASE_URL (else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres) and starts the server on
 * CHAOS_PORT (8141). `-- --seconds N --clients N` change the size. Prints the
 * table of faults and their effects; exits 1 if any assertion failed.
 */
import { parseArgs } from 'node:util';
import { runChaos } from '../apps/server/test/chaos/run-chaos.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '60' }, clients: { type: 'string', default: '16' } },
});
const clients = Number(values.clients);
const result = await runChaos({
  adminUrl: process.env.CHAOS_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  port: Number(process.env.CHAOS_PORT ?? 8141),
  faultSeconds: Number(values.seconds),
  clients,
  hotClients: Math.max(1, Math.floor(clients / 4)),
  killEveryMs: 3_000,
  log: (line) => console.log(`[chaos] ${line}`),
});
console.log(result.report);
process.exit(result.failures.length === 0 ? 0 : 1);
