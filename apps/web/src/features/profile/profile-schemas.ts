import { z } from 'zod';
import { ZChangePasswordRequest } from '@jetton/contract/account';

/** The confirm rule's code; the dialog words it 'password not equal'. */
export const PASSWORD_NOT_EQUAL = 'PASSWORD_NOT_EQUAL';

/** Change password (docs/screens.md, "Profile"): all three required, new == confirm, else nothing is sent. */
export const changePasswordForm = z
  .object({
    oldPassword: ZChangePasswordRequest.shape.oldPassword,
    newPassword: ZChangePasswordRequest.shape.newPassword,
    confirmPassword: z.string().min(1, { error: 'KEY_MISSING' }),
  })
  .refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, {
    error: PASSWORD_NOT_EQUAL,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordForm>;
