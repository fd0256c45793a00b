import { describe, expect, it } from 'vitest';
import { ApiError } from '@jetton/ui/lib/api-error';
import { keyForAttempt, outcomeUnknown } from './idempotency-keys';

describe('keyForAttempt', () => {
  let n = 0;
  const fresh = () => `key-${++n}`;

  it('starts a new action with a fresh key', () => {
    expect(keyForAttempt(undefined, 'POST /t {"amount":100}', fresh).key).toMatch(/^key-/);
  });

  it('reuses the key when the member retries the same request', () => {
    const first = keyForAttempt(undefined, 'POST /t {"amount":100}', fresh);
    expect(keyForAttempt(first, 'POST /t {"amount":100}', fresh)).toBe(first);
  });

  it('takes a new key once the request changes', () => {
    const first = keyForAttempt(undefined, 'POST /t {"amount":100}', fresh);
    expect(keyForAttempt(first, 'POST /t {"amount":200}', fresh).key).not.toBe(first.key);
  });
});

describe('outcomeUnknown', () => {
  it('is unknown when no answer came or it could not be read', () => {
    expect(outcomeUnknown(new ApiError('NETWORK_ERROR', 0))).toBe(true);
    expect(outcomeUnknown(new ApiError('TIMEOUT', 0))).toBe(true);
    expect(outcomeUnknown(new ApiError('INVALID_RESPONSE', 200))).toBe(true);
    expect(outcomeUnknown(new ApiError('INTERNAL_SERVER_ERROR', 502))).toBe(true);
  });

  it('is known for a business answer', () => {
    expect(outcomeUnknown(new ApiError('MONEY_NOT_ENOUGH', 422))).toBe(false);
    expect(outcomeUnknown(new ApiError('TRANSFER_FAIL', 502))).toBe(false);
    expect(outcomeUnknown(new ApiError('IDEMPOTENCY_KEY_REUSED', 409))).toBe(false);
  });
});
