import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedisLink, type RedisLink } from './redis-link.ts';

const url = process.env.TEST_REDIS_URL;

/** Two blocking reads at `$` in a row, with an entry appended between them, as the chat's adapter does on an idle stream. */
async function readAcrossTheGap(reader: Redis, writer: Redis): Promise<string[]> {
  const stream = `stream-reads-${randomUUID()}`;
  await writer.xadd(stream, '*', 'before', 'start');
  expect(await reader.xread('COUNT', 10, 'BLOCK', 50, 'STREAMS', stream, '$')).toBeNull();
  await writer.xadd(stream, '*', 'appended', 'between');
  const reply = await reader.xread('COUNT', 10, 'BLOCK', 50, 'STREAMS', stream, '$');
  await writer.del(stream);
  return (reply?.[0]?.[1] ?? []).map(([, fields]) => fields.join('='));
}

describe.skipIf(!url)('stream reads of a waiting connection', () => {
  let link: RedisLink;
  beforeAll(async () => {
    link = await openRedisLink(url!, Fastify({ logger: false }).log);
  });
  afterAll(() => link.close());

  it('a plain reader at `$` misses what was appended between two reads (why the reader is wrapped)', async () => {
    const plain = new Redis(url!);
    try {
      expect(await readAcrossTheGap(plain, link.client)).toEqual([]);
    } finally {
      plain.disconnect();
    }
  });

  it('the link’s reader continues from the last entry it saw: nothing appended between reads is missed', async () => {
    const reader = link.client.duplicate();
    expect(await readAcrossTheGap(reader, link.client)).toEqual(['appended=between']);
  });

  it('a read that names an id passes as it is, and a later `$` continues after what it returned', async () => {
    const reader = link.client.duplicate();
    const stream = `stream-reads-${randomUUID()}`;
    const first = await link.client.xadd(stream, '*', 'n', '1');
    await link.client.xadd(stream, '*', 'n', '2');
    const named = await reader.xread('COUNT', 10, 'STREAMS', stream, '0-0');
    expect(named?.[0]?.[1].map(([id]) => id)[0]).toBe(first);
    await link.client.xadd(stream, '*', 'n', '3');
    const onward = await reader.xread('COUNT', 10, 'BLOCK', 50, 'STREAMS', stream, '$');
    expect(onward?.[0]?.[1].map(([, fields]) => fields.join('='))).toEqual(['n=3']);
    await link.client.del(stream);
  });
});
