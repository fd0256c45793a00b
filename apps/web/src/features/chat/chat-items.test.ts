import { describe, expect, it } from 'vitest';
import { CHAT } from '@jetton/contract/constants';
import type { TChatEntry } from '@jetton/contract/chat';
import { checkUpload, contiguousSeq, leavesGap, mergeEntries } from './chat-items';

const entry = (seq: number): TChatEntry => ({
  id: String(seq),
  seq,
  sender: 'customer',
  message: { message_type: 'text', payload: `m${seq}` },
  userId: null,
  guestId: 'g-1',
  username: null,
  name: null,
  deviceToken: null,
  createdAt: '2026-11-24T00:00:00.000Z',
  session_id: null,
});

describe('chat items', () => {
  it('merges by seq without duplicates, in order', () => {
    expect(mergeEntries([entry(1), entry(3)], [entry(2), entry(3), entry(4)]).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it('finds where a backfill starts and when an arrival skips a message', () => {
    expect(contiguousSeq([])).toBe(0);
    expect(contiguousSeq([entry(5), entry(6), entry(8)])).toBe(6);
    expect(leavesGap([entry(1), entry(2)], entry(3))).toBe(false);
    expect(leavesGap([entry(1), entry(2)], entry(4))).toBe(true);
  });

  it('checks an attachment: extension, accepted type, 10 MB images, 20 MB videos', () => {
    const mb = 1024 * 1024;
    expect(checkUpload({ name: 'a.png', size: 10 * mb, type: 'image/png' }, CHAT)).toEqual({ ok: true, kind: 'image' });
    expect(checkUpload({ name: 'a.png', size: 10 * mb + 1, type: 'image/png' }, CHAT)).toEqual({ ok: false, reason: 'size', maxMb: 10 });
    expect(checkUpload({ name: 'clip.MOV', size: 20 * mb, type: 'video/quicktime' }, CHAT)).toEqual({ ok: true, kind: 'video' });
    expect(checkUpload({ name: 'clip.mp4', size: 21 * mb, type: 'video/mp4' }, CHAT)).toEqual({ ok: false, reason: 'size', maxMb: 20 });
    expect(checkUpload({ name: 'noextension', size: 10, type: 'image/png' }, CHAT)).toEqual({ ok: false, reason: 'type' });
    expect(checkUpload({ name: 'page.html', size: 10, type: 'text/html' }, CHAT)).toEqual({ ok: false, reason: 'type' });
    expect(checkUpload({ name: 'fake.png', size: 10, type: 'text/html' }, CHAT)).toEqual({ ok: false, reason: 'type' });
  });
});
