import { describe, expect, it } from 'vitest';
import { gathered } from './gathered.ts';

/** A statement stand-in: fails a batch holding 'bad', and records the batches it ran. */
function fakeStatement() {
  const batches: string[][] = [];
  const run = async (inputs: string[]) => {
    batches.push(inputs);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (inputs.includes('bad')) throw new Error(`batch ${inputs.join(',')} failed`);
    return inputs.map((i) => i.toUpperCase());
  };
  return { batches, run };
}

describe('gathered calls (one statement a batch)', () => {
  it('runs a lone call at once, and the calls arriving meanwhile together, each answered in order', async () => {
    const { batches, run } = fakeStatement();
    const call = gathered(run);
    expect(await Promise.all(['a', 'b', 'c', 'd'].map(call))).toEqual(['A', 'B', 'C', 'D']);
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('gives every call of a failed batch its error, unless told to run them again alone', async () => {
    const plain = fakeStatement();
    const together = gathered(plain.run);
    const shared = await Promise.allSettled(['a', 'b', 'bad', 'c'].map(together));
    expect(shared.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);

    const alone = fakeStatement();
    const each = gathered(alone.run, { aloneOnError: true });
    const own = await Promise.allSettled(['a', 'b', 'bad', 'c'].map(each));
    expect(own.map((r) => (r.status === 'fulfilled' ? r.value : 'error'))).toEqual(['A', 'B', 'error', 'C']);
    expect(alone.batches).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });

  it('never puts more than maxBatch calls in one batch', async () => {
    const { batches, run } = fakeStatement();
    const call = gathered(run, { maxBatch: 2 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map(call));
    expect(batches).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });
});
