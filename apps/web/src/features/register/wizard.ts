import type { BankFormInput, ProfileFormInput } from './register-schemas';

/** docs/screens.md, "Registration wizard": phone, one-time code (only when needed), profile, bank. */
export type WizardStep = 'phone' | 'otp' | 'profile' | 'bank';

/** A sent code: its reference (shown), its token (sent back with the code) and when a resend is allowed. */
export type OtpChallenge = { otpRef: string; otpToken: string; resendAt: number };

export type WizardState = {
  step: WizardStep;
  phone: string;
  otp: OtpChallenge | null;
  /** The phone is confirmed: by the code, or the server said it was already verified. */
  phoneVerified: boolean;
  /** What the member typed, kept when they go back and forth. */
  profile: ProfileFormInput | null;
  bank: BankFormInput | null;
};

export type WizardAction =
  /** otp null: no code needed (lookup off, or the phone is already verified). */
  | { type: 'phoneAccepted'; phone: string; otp: OtpChallenge | null; verified: boolean }
  | { type: 'codeSent'; otp: OtpChallenge }
  | { type: 'codeVerified' }
  | { type: 'profileAccepted'; profile: ProfileFormInput }
  | { type: 'back'; profile?: ProfileFormInput; bank?: BankFormInput };

export const initialWizardState: WizardState = {
  step: 'phone',
  phone: '',
  otp: null,
  phoneVerified: false,
  profile: null,
  bank: null,
};

/** Where "back" leads: the code step is never revisited once the phone is past it. */
const PREVIOUS: Record<WizardStep, WizardStep> = { phone: 'phone', otp: 'phone', profile: 'phone', bank: 'profile' };

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'phoneAccepted':
      return {
        ...state,
        step: action.otp ? 'otp' : 'profile',
        phone: action.phone,
        otp: action.otp,
        phoneVerified: action.verified,
      };
    case 'codeSent':
      return { ...state, otp: action.otp };
    case 'codeVerified':
      return { ...state, step: 'profile', phoneVerified: true };
    case 'profileAccepted':
      return { ...state, step: 'bank', profile: action.profile };
    case 'back':
      return {
        ...state,
        step: PREVIOUS[state.step],
        profile: action.profile ?? state.profile,
        bank: action.bank ?? state.bank,
      };
  }
}

/**
 * When the member comes back to step 1 and submits the same phone, the wizard
 * goes on without a new send: straight to the profile if the phone is already
 * verified, or back to the pending code (a resend there is limited to one a minute).
 */
export function resumeWithoutSending(state: WizardState, phone: string): WizardAction | null {
  if (phone !== state.phone) return null;
  if (state.phoneVerified) return { type: 'phoneAccepted', phone, otp: null, verified: true };
  if (state.otp) return { type: 'phoneAccepted', phone, otp: state.otp, verified: false };
  return null;
}

/** The steps the indicator shows: the code step only while the registration code lookup is on. */
export function indicatorSteps(otpEnabled: boolean): WizardStep[] {
  return otpEnabled ? ['phone', 'otp', 'profile', 'bank'] : ['phone', 'profile', 'bank'];
}

export type StepStatus = 'done' | 'current' | 'upcoming';

export function stepStatus(steps: readonly WizardStep[], step: WizardStep, current: WizardStep): StepStatus {
  const index = steps.indexOf(step);
  const currentIndex = steps.indexOf(current);
  if (index === currentIndex) return 'current';
  return index < currentIndex ? 'done' : 'upcoming';
}
