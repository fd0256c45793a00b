import { createDemoGameProvider } from '../../src/adapters/games/demo-game-provider.ts';
import { sandboxOf } from '../support/demo-provider-helpers.ts';
import { startTestApp } from '../support/test-app.ts';
import type { ProviderHarness } from './harness.ts';

/** The built-in demo provider (its simulator under /sandbox/games on a test server), as the kit's example. */
export async function demoHarness(): Promise<ProviderHarness> {
  const t = await startTestApp('embedded');
  const sandbox = sandboxOf(t);
  return {
    provider: ({ timeoutMs }) =>
      createDemoGameProvider({
        gameCode: 'pg',
        apiBaseUrl: sandbox.base,
        playerBaseUrl: sandbox.base,
        agentKey: sandbox.agentKey,
        launchMode: 'link',
        timeoutMs,
      }),
    faults: {
      reset: () => sandbox.resetFaults(),
      refuse: () => sandbox.setFaults({ failureRate: 1 }),
      applyThenHang: (hangMs) => sandbox.setFaults({ timeout: true, hangMs }),
      unknownOutcome: (applied) => sandbox.setFaults({ unknownOutcome: { applied, answer: applied ? 'garbled' : '500' } }),
    },
    close: () => t.close(),
  };
}
