import { describe, expect, it } from 'vitest';
import {
  indicatorSteps,
  initialWizardState,
  resumeWithoutSending,
  stepStatus,
  wizardReducer,
  type OtpChallenge,
  type WizardState,
} from './wizard';

const challenge: OtpChallenge = { otpRef: 'AB12', otpToken: 'token-1', resendAt: 60_000 };
const profile = { name: 'SOMCHAI', password: 'secret1', confirmPassword: 'secret1' };

function at(patch: Partial<WizardState>): WizardState {
  return { ...initialWizardState, ...patch };
}

describe('wizardReducer', () => {
  it('goes from the phone to the code step when a code was sent', () => {
    const next = wizardReducer(initialWizardState, { type: 'phoneAccepted', phone: '0812345678', otp: challenge, verified: false });
    expect(next.step).toBe('otp');
    expect(next.otp).toEqual(challenge);
    expect(next.phone).toBe('0812345678');
  });

  it('skips the code step when no code is needed (lookup off or phone already verified)', () => {
    const next = wizardReducer(initialWizardState, { type: 'phoneAccepted', phone: '0812345678', otp: null, verified: true });
    expect(next.step).toBe('profile');
    expect(next.phoneVerified).toBe(true);
  });

  it('moves on to the profile once the code is verified', () => {
    const next = wizardReducer(at({ step: 'otp', otp: challenge }), { type: 'codeVerified' });
    expect(next).toMatchObject({ step: 'profile', phoneVerified: true });
  });

  it('keeps the new challenge after a resend without leaving the code step', () => {
    const resent = { ...challenge, otpRef: 'CD34', resendAt: 120_000 };
    const next = wizardReducer(at({ step: 'otp', otp: challenge }), { type: 'codeSent', otp: resent });
    expect(next).toMatchObject({ step: 'otp', otp: resent });
  });

  it('goes to the bank step with the accepted profile', () => {
    const next = wizardReducer(at({ step: 'profile' }), { type: 'profileAccepted', profile });
    expect(next).toMatchObject({ step: 'bank', profile });
  });

  it('goes back bank -> profile -> phone, never back into a finished code step', () => {
    const bank = at({ step: 'bank', otp: challenge, phoneVerified: true });
    const profileStep = wizardReducer(bank, { type: 'back' });
    expect(profileStep.step).toBe('profile');
    expect(wizardReducer(profileStep, { type: 'back' }).step).toBe('phone');
    expect(wizardReducer(at({ step: 'otp' }), { type: 'back' }).step).toBe('phone');
  });

  it('keeps what the member typed when going back', () => {
    const bankDraft = {
      bankCode: 'KTB',
      firstName: 'SOMCHAI',
      lastName: 'JAIDEE',
      bankAccountNo: '1234567890',
      sourceCode: '',
      currency: 'LAK' as const,
    };
    const next = wizardReducer(at({ step: 'bank', profile }), { type: 'back', bank: bankDraft });
    expect(next).toMatchObject({ step: 'profile', profile, bank: bankDraft });
  });
});

describe('resumeWithoutSending', () => {
  it('sends again for a different phone number', () => {
    expect(resumeWithoutSending(at({ phone: '0811111111', otp: challenge }), '0822222222')).toBeNull();
  });

  it('goes straight to the profile for the same, already verified phone', () => {
    expect(resumeWithoutSending(at({ phone: '0811111111', phoneVerified: true }), '0811111111')).toEqual({
      type: 'phoneAccepted',
      phone: '0811111111',
      otp: null,
      verified: true,
    });
  });

  it('returns to the pending code for the same phone instead of sending another', () => {
    expect(resumeWithoutSending(at({ phone: '0811111111', otp: challenge }), '0811111111')).toEqual({
      type: 'phoneAccepted',
      phone: '0811111111',
      otp: challenge,
      verified: false,
    });
  });

  it('sends when nothing was sent yet', () => {
    expect(resumeWithoutSending(initialWizardState, '')).toBeNull();
  });
});

describe('step indicator', () => {
  it('shows four steps with the code lookup on, three without', () => {
    expect(indicatorSteps(true)).toEqual(['phone', 'otp', 'profile', 'bank']);
    expect(indicatorSteps(false)).toEqual(['phone', 'profile', 'bank']);
  });

  it('marks earlier steps done, the current one current and later ones upcoming', () => {
    const steps = indicatorSteps(true);
    expect(steps.map((step) => stepStatus(steps, step, 'profile'))).toEqual(['done', 'done', 'current', 'upcoming']);
  });
});
