/** `npm run bench`: every load scenario, each printing its figures against its baseline. */
import { runChatBench } from './chat-sockets.ts';
import { runLookupBench } from './lookup-vs-hello.ts';
import { runTransferBench } from './transfers.ts';
import { runWebBench } from './web-lighthouse.ts';

const only = process.argv.slice(2);
const scenarios: Record<string, () => Promise<void>> = { lookup: runLookupBench, transfers: runTransferBench, web: runWebBench, chat: runChatBench };
for (const [name, run] of Object.entries(scenarios)) {
  if (only.length === 0 || only.includes(name)) await run();
}
