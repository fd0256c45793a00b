import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A server the chat browser test owns, so it can restart it: the server's test
 * node entry (apps/server/test/support/chat-node-process.ts), which is the real app
 * plus a test-only agent authenticator keyed by `agentKey`. Its embedded
 * database lives in `dataDir` and survives the restart.
 */
export function createChatServer(port: number) {
  const agentKey = randomBytes(16).toString('hex');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jetton-e2e-chat-'));
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      TEST_AGENT_KEY: agentKey,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const proc = spawn(process.execPath, [path.join(root, 'apps/server/test/support/chat-node-process.ts')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let err = '';
    proc.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      proc.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('listening on')) resolve();
      });
      proc.once('exit', (code) => reject(new Error(`chat server exited (${code}): ${err.slice(-2000)}`)));
    });
  }

  async function stop(): Promise<void> {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  }

  return { baseURL: `http://127.0.0.1:${port}`, agentKey, start, stop };
}
