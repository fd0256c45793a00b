import { z } from 'zod';
import { LATIN_NAME } from '@jetton/contract/account';

/** The bank-name rule's code; the dialog words it 'English letters required'. */
export const LATIN_REQUIRED = 'LATIN_REQUIRED';

/** Bank account name edit (docs/screens.md, "Profile"): required, Latin letters and spaces only, kept in upper case. */
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
