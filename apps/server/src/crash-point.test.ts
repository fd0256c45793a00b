import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { createCrashPoint, parseCrashAt } from './crash-point.ts';

describe('the crash test hook', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jetton-crash-config-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('reads a step, optionally the how-many-th time it is reached', () => {
    expect(parseCrashAt('transfer.answered')).toEqual({ step: 'transfer.answered', nth: 1 });
    expect(parseCrashAt('transfer.answered#2')).toEqual({ step: 'transfer.answered', nth: 2 });
    expect(parseCrashAt('transfer.nowhere')).toBeUndefined();
    expect(parseCrashAt('transfer.answered#0')).toBeUndefined();
    expect(parseCrashAt('transfer.answered#x')).toBeUndefined();
  });

  it('kills at that step only, the n-th time', () => {
    let kills = 0;
    const crash = createCrashPoint({ step: 'transfer.settled', nth: 2 }, () => kills++);
    crash('transfer.recorded');
    crash('transfer.settled');
    expect(kills).toBe(0);
    crash('transfer.settled');
    expect(kills).toBe(1);
    crash('transfer.settled');
    expect(kills).toBe(1);
  });

  it('is configured by CRASH_AT, refused in production and when it names no step', () => {
    expect(loadConfig({ CRASH_AT: 'provider.applied', DATA_DIR: dataDir() }).crashAt).toEqual({ step: 'provider.applied', nth: 1 });
    expect(loadConfig({ DATA_DIR: dataDir() }).crashAt).toBeUndefined();
    expect(() => loadConfig({ CRASH_AT: 'nowhere', DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX: 'off', CRASH_AT: 'provider.applied', DATA_DIR: dataDir() })).toThrow(
      /^Refusing to start: CRASH_AT is a test hook/,
    );
  });
});
