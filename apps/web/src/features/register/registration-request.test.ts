import { describe, expect, it } from 'vitest';
import { toRegisterRequest, toValidateRequest } from './registration-request';

const profile = { name: 'SOMCHAI JAIDEE', password: 'secret1', confirmPassword: 'secret1' };
const bank = {
  bankCode: 'KTB',
  firstName: 'SOMCHAI',
  lastName: 'JAIDEE',
  bankAccountNo: '1234567890',
  sourceCode: 'LINE',
  currency: 'BAHT' as const,
};

describe('toValidateRequest', () => {
  it('sends the profile with the phone as username, without the confirm field', () => {
    expect(toValidateRequest('0812345678', profile, 'PR100001')).toEqual({
      name: 'SOMCHAI JAIDEE',
      username: '0812345678',
      password: 'secret1',
      inviteCode: 'PR100001',
    });
  });

  it('leaves out an absent invite code', () => {
    expect(toValidateRequest('0812345678', profile, null).inviteCode).toBeUndefined();
    expect(toValidateRequest('0812345678', profile, ' ').inviteCode).toBeUndefined();
  });
});

describe('toRegisterRequest', () => {
  it('joins first and last name into bankAccountName and sends THB on the default build', () => {
    const body = toRegisterRequest({ phone: '0812345678', profile, bank, inviteCode: null }, { lao: false });
    expect(body).toEqual({
      name: 'SOMCHAI JAIDEE',
      username: '0812345678',
      password: 'secret1',
      inviteCode: undefined,
      sourceCode: 'LINE',
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1234567890',
      currency: 'THB',
    });
  });

  it("sends the Lao build's currency choice", () => {
    const body = toRegisterRequest({ phone: '02055512', profile, bank, inviteCode: 'PR100001' }, { lao: true });
    expect(body).toMatchObject({ currency: 'BAHT', inviteCode: 'PR100001' });
  });

  it('leaves out an unchosen source', () => {
    const body = toRegisterRequest({ phone: '0812345678', profile, bank: { ...bank, sourceCode: '' }, inviteCode: null }, { lao: false });
    expect(body.sourceCode).toBeUndefined();
  });
});
