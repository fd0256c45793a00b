import type { Dispatch } from 'react';
import type { TOtpSendResponse } from '@jetton/contract/account';
import type { OtpChallenge, WizardAction, WizardState } from './wizard';

export type StepProps = { state: WizardState; dispatch: Dispatch<WizardAction> };

/** The server allows one code per phone per minute (docs/accounts.md, "Phone codes (one-time codes)"). */
export const OTP_RESEND_WAIT_MS = 60_000;

/** A send answer as the wizard keeps it, with the time a resend becomes possible. */
export function challengeFrom(sent: TOtpSendResponse): OtpChallenge {
  return { otpRef: sent.otpRef, otpToken: sent.otpToken, resendAt: Date.now() + OTP_RESEND_WAIT_MS };
}
