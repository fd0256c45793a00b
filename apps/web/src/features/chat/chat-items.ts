import type { TChatEntry, TChatMessage } from '@jetton/contract/chat';

/** A message the member wrote that is not stored yet: its delivery state: uploading_file, sending, succeed, failed (docs/chat.md). */
export type DeliveryState = 'uploading_file' | 'sending' | 'succeed' | 'failed';
export type PendingItem = {
  clientId: string;
  message: TChatMessage;
  deliver: DeliveryState;
  /** Upload progress 0..1 while uploading_file. */
  progress: number;
  /** The file still to upload (media), kept so a failed upload can be resent. */
  file?: File;
  kind?: 'image' | 'video';
  /** A local preview of the file while it uploads. */
  previewUrl?: string;
};

/** Merges stored entries by seq: no duplicates, always in order, whatever order they arrived in. */
export function mergeEntries(current: readonly TChatEntry[], incoming: readonly TChatEntry[]): TChatEntry[] {
  if (incoming.length === 0) return current as TChatEntry[];
  const bySeq = new Map<number, TChatEntry>();
  for (const entry of current) bySeq.set(entry.seq, entry);
  for (const entry of incoming) bySeq.set(entry.seq, entry);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** The highest seq held with no gap below it: where a backfill starts. */
export function contiguousSeq(entries: readonly TChatEntry[]): number {
  let expected = entries[0]?.seq ?? 0;
  if (expected === 0) return 0;
  for (const entry of entries) {
    if (entry.seq !== expected) return expected - 1;
    expected++;
  }
  return expected - 1;
}

/** Whether an arriving entry skips past what is held (a message was missed): then backfill first. */
export function leavesGap(entries: readonly TChatEntry[], arriving: TChatEntry): boolean {
  const last = entries.at(-1)?.seq ?? 0;
  return arriving.seq > last + 1 && last > 0;
}

export type UploadCheck = { ok: true; kind: 'image' | 'video' } | { ok: false; reason: 'type' | 'size'; maxMb?: number };

const EXTENSIONS: Record<string, 'image' | 'video'> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  mp4: 'video',
  mov: 'video',
};

/** Attachments need an extension of an accepted type, and fit the size limit of their kind (docs/chat.md, "The widget"). */
export function checkUpload(
  file: { name: string; size: number; type: string },
  limits: { imageMaxMb: number; videoMaxMb: number; acceptedTypes: readonly string[] },
): UploadCheck {
  const dot = file.name.lastIndexOf('.');
  const kind = dot > 0 ? EXTENSIONS[file.name.slice(dot + 1).toLowerCase()] : undefined;
  if (!kind || (file.type !== '' && !limits.acceptedTypes.includes(file.type))) return { ok: false, reason: 'type' };
  const maxMb = kind === 'image' ? limits.imageMaxMb : limits.videoMaxMb;
  if (file.size > maxMb * 1024 * 1024) return { ok: false, reason: 'size', maxMb };
  return { ok: true, kind };
}
