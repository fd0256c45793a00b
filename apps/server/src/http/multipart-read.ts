import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Reads the one file of a multipart upload (the slip, a chat image or video) with
 * `read`, and turns every way the body can be malformed into a refusal
 * (docs/security.md, "Hostile input"): not multipart or no file part is
 * SLIP_NO_FILE, a file cut at the size limit PAYLOAD_TOO_LARGE, and the parser's
 * own failures (no boundary, a body cut before its closing boundary, a boundary
 * over the parser's limit, broken part headers) KEY_INVALID, never a 500.
 * Nothing is stored before `read` has the whole file, so a refusal leaves
 * nothing behind.
 */
export async function readMultipartFile<T>(request: FastifyRequest, read: (file: MultipartFile) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw new AppError('SLIP_NO_FILE');
  try {
    const file = await request.file();
    if (!file) throw new AppError('SLIP_NO_FILE');
    const result = await read(file);
    if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
    return result;
  } catch (error) {
    throw asRefusal(error);
  }
}

/** Our own refusals and the plugin's coded 4xx errors pass; the parser's bare errors become KEY_INVALID. */
function asRefusal(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (typeof code === 'string' && code.startsWith('FST_') && typeof statusCode === 'number' && statusCode < 500) return error;
  return new AppError('KEY_INVALID');
}
