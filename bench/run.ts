/**
 * `npm run bench`: every load scenario, each printing its figures against its
 * baseline. `npm run bench -- growth` (minutes: it builds three sites) and
 * `npm run bench -- reports` (a synthetic year on PostgreSQL) and `npm run bench -- auto-deposit`
 * (50,000 members, a minute of incoming lines, on PostgreSQL) and `npm run bench -- memory` (minutes of
 * traffic on both engines at once) run only when named.
 */
import { runAutoDepositBench } from './auto-deposit.ts';
import { runBackupPauseBench } from './backup-pause.ts';
import { runChatBench } from './chat-sockets.ts';
import { runLedgerBench } from './ledger-vs-pgledger.ts';
import { runGrowthBench } from './growth/growth-bench.ts';
import { runLookupBench } from './lookup-vs-hello.ts';
import { runMemoryBench } from './memory.ts';
import { runReportsBench } from './reports/reports-bench.ts';
import { runTransferBench } from './transfers.ts';
import { runWebBench } from './web-lighthouse.ts';

const only = process.argv.slice(2);
const scenarios: Record<string, () => Promise<void>> = {
  lookup: runLookupBench,
  ledger: runLedgerBench,
  transfers: runTransferBench,
  web: runWebBench,
  chat: runChatBench,
  backup: runBackupPauseBench,
};
const onRequest: Record<string, () => Promise<void>> = {
  growth: runGrowthBench,
  reports: runReportsBench,
  'auto-deposit': runAutoDepositBench,
  memory: runMemoryBench,
};
for (const [name, run] of Object.entries(scenarios)) {
  if (only.length === 0 || only.includes(name)) await run();
}
for (const [name, run] of Object.entries(onRequest)) {
  if (only.includes(name)) await run();
}
