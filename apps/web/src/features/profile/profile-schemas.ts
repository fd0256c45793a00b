import { z } from 'zod';
import { LATIN_NAME, ZChangePasswordRequest } from '@jetton/contract/account';

/** The confirm rule's code; the dialog words it 'password not equal'. */
export const PASSWORD_NOT_EQUAL = 'PASSWORD_NOT_EQUAL';
/** The bank-name rule's code; the dialog words it 'English letters required'. */
export const LATIN_REQUIRED = 'LATIN_REQUIRED';

/** Change password (spec section 5): all three required, new == confirm, else nothing is sent. */
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

/** Bank account name edit (spec section 5): required, Latin letters and spaces only, kept in upper case. */
export const bankNameForm = z.object({
  bankAccountName: z
    .string()
    .trim()
    .min(1, { error: 'KEY_MISSING' })
    .max(100, { error: 'KEY_INVALID' })
    .regex(LATIN_NAME, { error: LATIN_REQUIRED })
    .overwrite((name) => name.replace(/\s+/g, ' ').toUpperCase()),
});
export type BankNameFormInput = z.input<typeof bankNameForm>;
export type BankNameFormValues = z.output<typeof bankNameForm>;
