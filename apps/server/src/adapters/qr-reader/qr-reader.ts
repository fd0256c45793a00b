import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/** Reads the QR codes in an image (PNG or JPEG bytes): their texts, possibly none. */
export type QrReader = (image: Uint8Array) => Promise<string[]>;

let ready: Promise<unknown> | undefined;

/**
 * ZXing (WebAssembly, no native addon). The module would fetch its .wasm from a
 * CDN by default; we hand it the copy inside the npm package instead, so it
 * works offline and loads once per process.
 */
function prepare(): Promise<unknown> {
  ready ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const bytes = await readFile(wasmPath);
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return ready;
}

export const readQrCodes: QrReader = async (image) => {
  await prepare();
  const results = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 4 });
  return results.filter((r) => r.isValid && r.text !== '').map((r) => r.text);
};
