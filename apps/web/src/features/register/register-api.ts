import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ROUTES } from '@jetton/contract/routes';
import { ZFlag, ZSourcesResponse } from '@jetton/contract/lookup';
import {
  ZOtpSendResponse,
  ZOtpVerifyResponse,
  ZRegisterResponse,
  ZValidateResponse,
  type TOtpSendResponse,
  type TOtpVerifyRequest,
} from '@jetton/contract/account';
import { apiRequest } from '@jetton/ui/lib/api-client';
import type { ApiError } from '@jetton/ui/lib/api-error';
import type { toRegisterRequest, toValidateRequest } from './registration-request';

const LOOKUP_STALE_MS = 5 * 60_000;

/** GET /api/lookup/registerOTP: whether step 2 (the one-time code) is on. Read fresh at each phone submit. */
export const registerOtpQuery = queryOptions({
  queryKey: ['lookup', 'registerOTP'],
  queryFn: ({ signal }) => apiRequest(ROUTES.lookup.registerOTP, { schema: ZFlag, signal, background: true }),
  staleTime: 0,
});

export function useRegisterOtpFlag() {
  return useQuery(registerOtpQuery);
}

/** GET /api/lookup/sources: "how did you hear about us". */
export function useSources() {
  return useQuery({
    queryKey: ['lookup', 'sources'],
    queryFn: ({ signal }) => apiRequest(ROUTES.lookup.sources, { schema: ZSourcesResponse, signal, background: true }),
    staleTime: LOOKUP_STALE_MS,
  });
}

/** POST /api/otp/send: `code` OTP_VERIFIED means the phone needs no new code. */
export function useSendOtp() {
  return useMutation<TOtpSendResponse, ApiError, string>({
    mutationFn: (phoneNumber) => apiRequest(ROUTES.account.otpSend, { method: 'POST', body: { phoneNumber }, schema: ZOtpSendResponse }),
  });
}

/** POST /api/otp/verify. */
export function useVerifyOtp() {
  return useMutation<unknown, ApiError, TOtpVerifyRequest>({
    mutationFn: (body) => apiRequest(ROUTES.account.otpVerify, { method: 'POST', body, schema: ZOtpVerifyResponse }),
  });
}

/** POST /api/account/validate: the server checks step 3 before the bank step. */
export function useValidateProfile() {
  return useMutation<unknown, ApiError, ReturnType<typeof toValidateRequest>>({
    mutationFn: (body) => apiRequest(ROUTES.account.validate, { method: 'POST', body, schema: ZValidateResponse }),
  });
}

/** POST /api/account: registers the member. */
export function useRegister() {
  return useMutation<unknown, ApiError, ReturnType<typeof toRegisterRequest>>({
    mutationFn: (body) => apiRequest(ROUTES.account.register, { method: 'POST', body, schema: ZRegisterResponse }),
  });
}
