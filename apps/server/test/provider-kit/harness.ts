import type { GameProvider } from '../../src/adapters/games/game-provider.ts';

/**
 * What a game provider brings to the conformance suite (docs/game-providers.md): its adapter,
 * pointed at its simulator (or a test account), and switches that make the next calls go wrong
 * the ways a real provider does. Each switch holds until `reset`.
 */
export type ProviderHarness = {
  /** The adapter under test, with a deadline short enough for the timeout checks. */
  provider(options: { timeoutMs: number }): GameProvider;
  faults: {
    reset(): Promise<void>;
    /** Refuse every transfer before doing any work (the adapter must answer FAILED). */
    refuse(): Promise<void>;
    /** Apply each call, then hold the answer for `hangMs` (longer than the adapter's deadline). */
    applyThenHang(hangMs: number): Promise<void>;
    /** Apply each call or not, then answer an error or a garbled body: the caller cannot tell which. */
    unknownOutcome(applied: boolean): Promise<void>;
  };
  close(): Promise<void>;
};

/** Starts one provider's harness; registered by name in registry.ts. */
export type HarnessFactory = () => Promise<ProviderHarness>;
