import { describe, expect, it } from 'vitest';
import { SYSTEM_SHARDS, shardedSystemAccount } from './account-codes.ts';

describe('sharded system accounts', () => {
  it('puts one member always on the same shard of a counterparty', () => {
    const a = shardedSystemAccount('provider:pg', 'THB', 'member-1');
    expect(shardedSystemAccount('provider:pg', 'THB', 'member-1')).toEqual(a);
    expect(a.code).toMatch(/^provider:pg#\d+$/);
  });

  it('spreads many members over every shard', () => {
    const shards = new Set(Array.from({ length: 400 }, (_, i) => shardedSystemAccount('game:pnl', 'THB', `member-${i}`).code));
    expect(shards.size).toBe(SYSTEM_SHARDS);
  });
});
