import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { startNodeFlags } from '../scripts/start-flags.ts';
import { REAL_PROTOCOL_ENV } from './support/real-protocols.ts';
import { E2E_PORTS } from './support/servers.ts';

/**
 * Browser tests drive the system Chromium (no browser download) against the real
 * server, started here on a fresh embedded database per run: the default build on
 * one port, the Lao build on another, and the default build with the real-protocol
 * adapters (support/real-protocols.ts) on a third.
 */
const { DEFAULT_PORT, LAO_PORT, REAL_PORT } = E2E_PORTS;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function server(port: number, variant: 'default' | 'lao', extraEnv: Record<string, string> = {}) {
  const dataDir = path.join(tmpdir(), `jetton-e2e-${variant}-${port}`);
  return {
    // With `npm start`'s flags (its heap limit), so the suite runs the server as a newcomer does.
    command: `rm -rf ${dataDir} && node ${startNodeFlags().join(' ')} ../apps/server/src/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // A first start migrates and seeds a fresh database: minutes on a busy 2-core machine.
    timeout: 240_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    // ADMIN_OWNER_PASSWORD: the first back-office owner's password, known to the tests (support/admin.ts).
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_VARIANT: variant,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ADMIN_OWNER_PASSWORD: 'e2e-first-owner-pass',
      // Each test sends its own visitor address (support/fixtures.ts): per-IP limits are per test.
      TRUST_PROXY: 'true',
      // Paytimz QRs go through SCB's QR API (its simulator): real-counterparties.spec.ts. LINE runs against its simulator.
      ...(variant === 'default' ? { SCB_QR_PROVIDER: 'PAYTIMZ' } : {}),
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test.ts asks for a JSON report to count the tests.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // The servers' settings the tests rely on at any hour (tests/servers.setup.ts).
    { name: 'setup', testMatch: /servers\.setup\.ts$/ },
    {
      name: 'default',
      testIgnore: [/\.lao\.spec\.ts$/, /\.real\.spec\.ts$/, /service-closed\.spec\.ts$/],
      dependencies: ['setup'],
      use: { baseURL: `http://127.0.0.1:${DEFAULT_PORT}` },
    },
    { name: 'lao', testMatch: /\.lao\.spec\.ts$/, dependencies: ['setup'], use: { baseURL: `http://127.0.0.1:${LAO_PORT}` } },
    {
      name: 'real-protocols',
      testMatch: /\.real\.spec\.ts$/,
      dependencies: ['setup'],
      use: { baseURL: `http://127.0.0.1:${REAL_PORT}` },
    },
    // Closing the service changes every page of the server: run it after the rest.
    {
      name: 'service-state',
      testMatch: /service-closed\.spec\.ts$/,
      dependencies: ['default', 'lao', 'real-protocols'],
      use: { baseURL: `http://127.0.0.1:${DEFAULT_PORT}` },
    },
  ],
  webServer: [server(DEFAULT_PORT, 'default'), server(LAO_PORT, 'lao'), server(REAL_PORT, 'default', REAL_PROTOCOL_ENV)],
});
