import type { Readable } from 'node:stream';
import { CHAT_MEDIA_PATH, type TChatUploadResponse } from '@jetton/contract/chat';
import { CHAT } from '@jetton/contract/constants';
import type { ObjectStorage } from '../../adapters/storage/object-storage.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import { byteRange } from './byte-range.ts';
import type { ChatRepository } from './chat-repository.ts';
import { isImage, sniffChatMedia, SNIFF_BYTES, type ChatMediaType } from './media-sniff.ts';

export type UploadKind = 'image' | 'video';

const MB = 1024 * 1024;
export const UPLOAD_MAX_BYTES: Record<UploadKind, number> = { image: CHAT.imageMaxMb * MB, video: CHAT.videoMaxMb * MB };

/**
 * Reads an upload stream: its first KB decides the type (refused at once, before
 * the rest is read), then the rest up to the kind's limit (PAYLOAD_TOO_LARGE
 * past it, reading stops there).
 */
export async function readUpload(stream: Readable, kind: UploadKind): Promise<{ bytes: Buffer; type: ChatMediaType }> {
  const max = UPLOAD_MAX_BYTES[kind];
  const chunks: Buffer[] = [];
  let size = 0;
  let type: ChatMediaType | undefined;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    chunks.push(buffer);
    size += buffer.length;
    if (size > max) throw new AppError('PAYLOAD_TOO_LARGE');
    if (!type && size >= SNIFF_BYTES) type = accepted(Buffer.concat(chunks), kind);
  }
  if (size === 0) throw new AppError('SLIP_NO_FILE');
  const bytes = Buffer.concat(chunks, size);
  return { bytes, type: type ?? accepted(bytes, kind) };
}

function accepted(head: Buffer, kind: UploadKind): ChatMediaType {
  const type = sniffChatMedia(head);
  if (!type || isImage(type) !== (kind === 'image')) throw new AppError('CHAT_FILE_INVALID');
  return type;
}

/** Stores chat uploads through the storage adapter and serves them back by their unguessable key. */
export function createChatMedia(deps: { repo: ChatRepository; storage: ObjectStorage; clock: Clock }) {
  const { repo, storage, clock } = deps;
  return {
    async store(conversationId: string, kind: UploadKind, upload: { bytes: Buffer; type: ChatMediaType }): Promise<TChatUploadResponse> {
      const key = await storage.put(upload.bytes);
      await repo.addMedia({
        key,
        conversation_id: conversationId,
        content_type: upload.type,
        file_type: kind,
        size: upload.bytes.length,
        created_at: clock.now(),
      });
      return { path: `${CHAT_MEDIA_PATH}/${key}`, fileType: kind };
    },

    /**
     * The medium as a stream (the one byte range asked for, or all of it) with its sniffed type and
     * size, read from wherever uploads live: the bytes never pass through memory whole.
     */
    async open(key: string, rangeHeader: string | undefined): Promise<MediaBody | undefined> {
      const media = await repo.findMedia(key);
      if (!media) return undefined;
      const size = Number(media.size);
      const range = byteRange(rangeHeader, size);
      const body = await storage.read(media.key, range);
      return body ? { body, type: media.content_type, size, range } : undefined;
    },
  };
}
export type ChatMedia = ReturnType<typeof createChatMedia>;
export type MediaBody = { body: Readable; type: string; size: number; range: { start: number; end: number } | undefined };
