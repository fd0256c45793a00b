import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createServerProcess, type ServerProcess } from '../chaos/chaos-server.ts';
import { startS3TestServer } from '../support/s3-test-server.ts';

const deploy = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');

export type ClusterOptions = {
  nodes: number;
  /** The balancer listens here; node n on port + n. */
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** Logs, each node's DATA_DIR, the balancer's configuration. */
  dir: string;
  log: (line: string) => void;
};

/** deploy/jetton.env as key/value pairs (comments and blank lines skipped). */
export function readEnvFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match?.[1]) env[match[1]] = match[2] ?? '';
  }
  return env;
}

/**
 * deploy/haproxy.cfg with the lines marked CLUSTER rewritten: its bind, and one server line per node in
 * each backend, made from the backend's first server line (its options, e.g. a cookie, kept).
 */
export function clusterHaproxyConfig(options: { port: number; nodes: number; statsSocket: string }): string {
  const out: string[] = [];
  let inServers = false;
  for (const line of readFileSync(path.join(deploy, 'haproxy.cfg'), 'utf8').split('\n')) {
    if (line.includes('# CLUSTER: servers')) {
      const template = line.slice(0, line.indexOf('#')).trimEnd();
      if (!inServers)
        for (let n = 1; n <= options.nodes; n++)
          out.push(template.replace(/\bnode\d+\b/g, `node${n}`).replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${options.port + n}`));
      inServers = true;
      continue;
    }
    inServers = false;
    if (line.includes('# CLUSTER: bind')) out.push(`    bind 127.0.0.1:${options.port}`);
    else if (line.trim() === 'global') out.push(line, `    stats socket ${options.statsSocket} mode 600 level admin`);
    else out.push(line);
  }
  return out.join('\n');
}

/** What HAProxy thinks of each node: true when it sends it requests (UP in both backends). */
async function rotation(socket: string): Promise<Map<string, boolean>> {
  const text = await new Promise<string>((resolve, reject) => {
    let data = '';
    const client = connect(socket, () => client.end('show servers state\n'));
    client.on('data', (chunk: Buffer) => (data += chunk.toString()));
    client.on('end', () => resolve(data));
    client.on('error', reject);
  });
  const up = new Map<string, boolean>();
  for (const line of text.split('\n')) {
    const fields = line.split(' ');
    // be_id be_name srv_id srv_name srv_addr srv_op_state ... (2 = running)
    const name = fields[3];
    if (!name?.startsWith('node') || fields[5] === undefined) continue;
    up.set(name, (up.get(name) ?? true) && fields[5] === '2');
  }
  return up;
}

/**
 * `npm run cluster`: N PostgreSQL-backed nodes, Redis, an S3-compatible store for their uploads
 * (s3rver, objects kept in the folder), and HAProxy in front, on loopback, from the files in
 * deploy/ (docs/operations.md, "Several nodes"). The nodes run with the simulators on
 * (SANDBOX=on): on one machine there are no real providers to reach.
 */
export async function startCluster(options: ClusterOptions) {
  mkdirSync(options.dir, { recursive: true });
  // Every node reads every upload: a cluster refuses to start with them on its own disk.
  const s3 = await startS3TestServer({ dir: path.join(options.dir, 's3') });
  const uploads = s3.env(await s3.bucket('jetton-uploads'));
  const fileEnv = readEnvFile(path.join(deploy, 'jetton.env'));
  const tokenSecret = randomBytes(32).toString('base64url');
  const metricsToken = randomBytes(24).toString('base64url');
  const origin = `http://127.0.0.1:${options.port}`;
  const nodes: ServerProcess[] = [];
  for (let n = 1; n <= options.nodes; n++) {
    const dataDir = path.join(options.dir, `node${n}`);
    mkdirSync(dataDir, { recursive: true });
    nodes.push(
      createServerProcess({
        port: options.port + n,
        databaseUrl: options.databaseUrl,
        dataDir,
        tokenSecret,
        logFile: path.join(options.dir, `node${n}.log`),
        extra: {
          ...fileEnv,
          PORT: String(options.port + n),
          DATABASE_URL: options.databaseUrl,
          REDIS_URL: options.redisUrl,
          ...uploads,
          DATA_DIR: dataDir,
          PUBLIC_ORIGIN: origin,
          // The simulators stand in for the providers, so this cluster is a demo, said so on every page.
          SANDBOX: 'on',
          SANDBOX_IN_PRODUCTION: '1',
          TOKEN_SECRET: tokenSecret,
          TRUELINK_SECRET: tokenSecret,
          METRICS_TOKEN: metricsToken,
          LOG_LEVEL: 'warn',
        },
      }),
    );
  }
  // One at a time: the first runs the migrations and seeds, the others find them done. A node that
  // fails to start stops the ones started (the caller has nothing to stop yet): none is left holding its port.
  try {
    for (const [i, node] of nodes.entries()) {
      const ms = await node.start(undefined, { retry: false });
      options.log(`node${i + 1} healthy on ${node.origin} after ${ms} ms`);
    }
  } catch (error) {
    await Promise.all(nodes.map((node) => node.stop()));
    throw error;
  }

  const statsSocket = path.join(options.dir, 'haproxy.sock');
  const configFile = path.join(options.dir, 'haproxy.cfg');
  writeFileSync(configFile, clusterHaproxyConfig({ port: options.port, nodes: options.nodes, statsSocket }));
  const balancerLog = createWriteStream(path.join(options.dir, 'haproxy.log'), { flags: 'a' });
  const balancer: ChildProcess = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  balancer.stdout?.pipe(balancerLog);
  balancer.stderr?.pipe(balancerLog);

  /** Resolves once HAProxy sends requests to node n (or no longer does), polling its runtime API. */
  async function untilInRotation(n: number, wanted: boolean, limitMs = 30_000): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < limitMs) {
      const state = await rotation(statsSocket).catch(() => new Map<string, boolean>());
      if (state.get(`node${n}`) === wanted) return Date.now() - started;
      await sleep(100);
    }
    throw new Error(`node${n} not ${wanted ? 'in' : 'out of'} the balancer's rotation after ${limitMs} ms`);
  }
  try {
    for (let n = 1; n <= options.nodes; n++) await untilInRotation(n, true);
  } catch (error) {
    balancer.kill('SIGTERM');
    await Promise.all(nodes.map((node) => node.stop()));
    throw error;
  }
  options.log(`HAProxy on ${origin}, ${options.nodes} nodes in rotation`);

  return {
    origin,
    metricsToken,
    tokenSecret,
    nodes,
    /**
     * Restarts every node in turn: SIGTERM (the node drains: health 503, the balancer takes it out,
     * in-flight requests finish, it exits), start again, and wait until the balancer sends it
     * requests before the next one.
     */
    async roll(): Promise<{ node: string; stopMs: number; backMs: number }[]> {
      const steps: { node: string; stopMs: number; backMs: number }[] = [];
      for (const [i, node] of nodes.entries()) {
        const name = `node${i + 1}`;
        const began = Date.now();
        await node.stop();
        const stopMs = Date.now() - began;
        await node.start(undefined, { retry: false });
        await untilInRotation(i + 1, true);
        steps.push({ node: name, stopMs, backMs: Date.now() - began });
        options.log(`${name} restarted: drained and exited in ${stopMs} ms, back in rotation after ${Date.now() - began} ms`);
      }
      return steps;
    },
    async stop(): Promise<void> {
      for (const node of nodes) await node.stop();
      if (balancer.exitCode === null) {
        const exited = new Promise((resolve) => balancer.once('exit', resolve));
        balancer.kill('SIGTERM');
        await exited;
      }
      balancerLog.end();
      await s3.close();
    },
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;
