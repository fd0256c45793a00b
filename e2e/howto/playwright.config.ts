import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * `npm run howto:record`: records the how-to page's five tutorials in th, la
 * and en from the product itself (a fresh embedded database, the default
 * build) and writes them to apps/web/public/howto/<locale>/<video>.webm.
 * Needs ffmpeg (Debian: apt-get install ffmpeg). Not part of `npm test`.
 */
const PORT = Number(process.env.HOWTO_PORT ?? 8096);
const dataDir = path.join(tmpdir(), `jetton-howto-${PORT}`);

export default defineConfig({
  testDir: '.',
  testMatch: /\.howto\.ts$/,
  outputDir: '../test-results/howto',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  webServer: {
    command: `rm -rf ${dataDir} && node apps/server/src/main.ts`,
    cwd: path.resolve(import.meta.dirname, '../..'),
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), DATA_DIR: dataDir, WEB_VARIANT: 'default', LOG_LEVEL: 'warn', NODE_ENV: 'test', TRUST_PROXY: 'true' },
  },
  use: {
    ...devices['Pixel 7'],
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1.5,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] },
  },
});
