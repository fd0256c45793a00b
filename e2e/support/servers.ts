// E2E_PORT moves every server (two runs on one machine must not share ports).
const DEFAULT_PORT = Number(process.env.E2E_PORT ?? 8090);

/**
 * The servers playwright.config.ts starts: the default build, the Lao build, and the
 * default build with the real-protocol adapters (EasySlip, ThaiBulkSMS) pointed at
 * their simulators.
 */
export const E2E_PORTS = { DEFAULT_PORT, LAO_PORT: DEFAULT_PORT + 2, REAL_PORT: DEFAULT_PORT + 4 } as const;

export const E2E_SERVER_URLS = Object.values(E2E_PORTS).map((port) => `http://127.0.0.1:${port}`);
