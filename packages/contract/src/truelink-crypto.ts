/**
 * The gift-link envelope (docs/deposits.md, "Gift links"), written once for the web (which
 * encrypts) and the server (which decrypts), with Web Crypto on both ends:
 *
 *   plaintext = UTF-8 of `${link}::${walletAccountName}`
 *   key       = SHA-256(UTF-8 of the shared secret), used as an AES-256-GCM key
 *   iv        = 12 random bytes, new for every message
 *   token     = base64url(iv || ciphertext || tag)   (tag = 16 bytes, no padding)
 *
 * The web never holds the secret itself: the server hands it the derived key
 * (base64url, 32 bytes) in the page it serves.
 */
const TRUELINK_SEPARATOR = '::';

/**
 * The few Web Crypto and text globals used here, typed locally: the contract
 * compiles without the DOM or Node libraries, and the same code runs in the
 * browser and in Node (both provide these globals).
 */
type AesKey = object;
type AesParams = { name: 'AES-GCM'; iv: Uint8Array<ArrayBuffer> };
type Runtime = {
  crypto: {
    subtle: {
      digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
      importKey(
        format: 'raw',
        key: Uint8Array<ArrayBuffer>,
        algorithm: { name: 'AES-GCM' },
        extractable: false,
        usages: ('encrypt' | 'decrypt')[],
      ): Promise<AesKey>;
      encrypt(params: AesParams, key: AesKey, data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
      decrypt(params: AesParams, key: AesKey, data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
    };
    getRandomValues<T extends Uint8Array<ArrayBuffer>>(array: T): T;
  };
  TextEncoder: new () => { encode(text: string): Uint8Array<ArrayBuffer> };
  TextDecoder: new (label: 'utf-8', options: { fatal: boolean }) => { decode(bytes: ArrayBuffer): string };
  btoa(binary: string): string;
  atob(base64: string): string;
};
const runtime = globalThis as unknown as Runtime;
const { crypto, TextEncoder, TextDecoder } = runtime;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The 32-byte key derived from the shared secret, base64url: what the web is given. */
export async function truelinkKeyFromSecret(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return toBase64Url(new Uint8Array(digest));
}

function importKey(keyB64: string, usage: 'encrypt' | 'decrypt') {
  const raw = fromBase64Url(keyB64);
  if (!raw || raw.length !== 32) throw new Error('truelink key must be 32 bytes of base64url');
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, [usage]);
}

export async function encryptTruelink(keyB64: string, link: string, walletAccountName: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(`${link}${TRUELINK_SEPARATOR}${walletAccountName}`);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await importKey(keyB64, 'encrypt'), plain));
  const token = new Uint8Array(IV_BYTES + sealed.length);
  token.set(iv);
  token.set(sealed, IV_BYTES);
  return toBase64Url(token);
}

/** The link and wallet account name, or undefined for anything that does not open under the key. */
export async function decryptTruelink(keyB64: string, token: string): Promise<{ link: string; walletAccountName: string } | undefined> {
  const bytes = fromBase64Url(token);
  if (!bytes || bytes.length < IV_BYTES + TAG_BYTES + 1) return undefined;
  let plain: string;
  try {
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) },
      await importKey(keyB64, 'decrypt'),
      bytes.slice(IV_BYTES),
    );
    plain = new TextDecoder('utf-8', { fatal: true }).decode(opened);
  } catch {
    return undefined;
  }
  const at = plain.lastIndexOf(TRUELINK_SEPARATOR);
  if (at <= 0) return undefined;
  return { link: plain.slice(0, at).trim(), walletAccountName: plain.slice(at + TRUELINK_SEPARATOR.length).trim() };
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return runtime.btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const padded = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  try {
    return Uint8Array.from(runtime.atob(padded), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}
