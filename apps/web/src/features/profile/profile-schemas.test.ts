import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordForm, PASSWORD_NOT_EQUAL } from './profile-schemas';

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('change password form', () => {
  it('needs all three fields', () => {
    expect(errorsOf(changePasswordForm, { oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: 'KEY_MISSING',
      newPassword: 'KEY_MISSING',
      confirmPassword: 'KEY_MISSING',
    });
  });

  it("says 'password not equal' when new and confirm differ", () => {
    expect(errorsOf(changePasswordForm, { oldPassword: 'demo1234', newPassword: 'newpass1', confirmPassword: 'newpass2' })).toEqual({
      confirmPassword: PASSWORD_NOT_EQUAL,
    });
  });

  it('passes when all is filled and the new passwords agree', () => {
    expect(errorsOf(changePasswordForm, { oldPassword: 'demo1234', newPassword: 'newpass1', confirmPassword: 'newpass1' })).toEqual({});
  });

  it('keeps the new-password rules of the contract (6 characters at least)', () => {
    expect(errorsOf(changePasswordForm, { oldPassword: 'demo1234', newPassword: 'abc', confirmPassword: 'abc' })).toEqual({
      newPassword: 'KEY_INVALID',
    });
  });
});
