import { sandboxKey } from '../../sandbox/sandbox-keys.ts';

/** The key the site presents to the demo provider's API (sandbox-keys.ts says why it exists). */
export function demoAgentKey(tokenSecret: string): string {
  return sandboxKey(tokenSecret, 'demo-game-provider');
}
