/**
 * `npm run chaos`: the fault run (docs/faults.md) against PostgreSQL, full
 * form: 60 s of faults, 16 clients on one hot member and 8 on a member each,
 * connections terminated every 2 s, a provider holding requests 20 s, the
 * clients' node SIGKILLed at 80 % of the window, up to 150 s to settle. It
 * creates and drops a database of its own on the server at CHAOS_DATABASE_URL
 * (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
 * and starts two nodes on CHAOS_PORT (8141) and the port after it.
 * `-- --seconds N --hot N --many N --hang-ms N` change the size. Prints the
 * table of faults and their effects; exits 1 if any assertion failed.
 */
import { parseArgs } from 'node:util';
import { runChaos } from '../apps/server/test/chaos/run-chaos.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    hot: { type: 'string', default: '16' },
    many: { type: 'string', default: '8' },
    'hang-ms': { type: 'string', default: '20000' },
  },
});
const result = await runChaos({
  adminUrl: process.env.CHAOS_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  port: Number(process.env.CHAOS_PORT ?? 8141),
  faultSeconds: Number(values.seconds),
  hotClients: Number(values.hot),
  manyClients: Number(values.many),
  killEveryMs: 2_000,
  hangMs: Number(values['hang-ms']),
  killAt: 0.8,
  settleLimitMs: 150_000,
  log: (line) => console.log(`[chaos] ${line}`),
});
console.log(result.report);
process.exit(result.failures.length === 0 ? 0 : 1);
