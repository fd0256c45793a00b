import { demoHarness } from './demo-harness.ts';
import type { HarnessFactory } from './harness.ts';

/** Every provider the conformance suite knows, by the name `npm run provider-check -- <name>` takes. A new provider adds its line. */
export const PROVIDER_HARNESSES: Record<string, HarnessFactory> = {
  demo: demoHarness,
};
