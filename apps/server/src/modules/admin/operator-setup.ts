import type { Kysely } from 'kysely';
import type { Role } from '@jetton/contract/admin/permissions';
import type { DB } from '../../db/schema.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import { hashPassword } from '../auth/password-hash.ts';
import type { AuditWriter } from './audit-log.ts';
import { temporaryPassword } from './operator-auth-service.ts';
import { createOperatorRepository } from './operator-repository.ts';
import { createTotpBox } from './totp.ts';

/**
 * One demo operator per role while SANDBOX=on (docs/operators.md, "Demo
 * operators"): published credentials, so never in a real deployment. Their
 * TOTP is enrolled with a fixed secret (add it to an authenticator app to try
 * the code step) but not asked while the sandbox is on. The hashes are of the
 * published passwords, made once, so a start costs no scrypt work.
 */
export const DEMO_TOTP_SECRET = 'JETTONDEMOBACKOFFICE234567JETTON';
export const DEMO_OPERATORS: readonly { login: string; password: string; role: Role; hash: string }[] = [
  {
    login: 'demo-owner',
    password: 'demo-owner-pass',
    role: 'owner',
    hash: 'scrypt$N=131072,r=8,p=1$0b3Jyz0VwglSNljrfF++Iw$lktGFStKss8uLVrPFiiUjv2gwsHZgDItD+oRza48oYs',
  },
  {
    login: 'demo-finance',
    password: 'demo-finance-pass',
    role: 'finance',
    hash: 'scrypt$N=131072,r=8,p=1$tnb6kKPaOZLiyFg/VOd0mA$7D/fK4gWZPozj3cAsgFPl/utQzt8hJ34KhO3/NkHCM4',
  },
  {
    login: 'demo-support',
    password: 'demo-support-pass',
    role: 'support',
    hash: 'scrypt$N=131072,r=8,p=1$1/DwoCvjQqrQPh1LRLNhjw$qRJH50xUjkNb3oIRJieUFIeU+QGCpXEfBGdVYHdk05g',
  },
  {
    login: 'demo-marketing',
    password: 'demo-marketing-pass',
    role: 'marketing',
    hash: 'scrypt$N=131072,r=8,p=1$hWxmfUctRY7Xw03QXB59FQ$2v5zILZRgraujkNojMenIum/tn4l1pkW900rImfvm9c',
  },
  {
    login: 'demo-viewer',
    password: 'demo-viewer-pass',
    role: 'viewer',
    hash: 'scrypt$N=131072,r=8,p=1$qo0qfSc+6gWEsofdJTgdeg$ZZ1NFvKhnxT/2FC2LqgyIdaiUtTgdch2YoOSB3+YDpY',
  },
];

export const FIRST_OWNER_LOGIN = 'owner';

/**
 * At start (start-up.ts, under the start-up lock): the demo operators in the
 * sandbox, and the first owner when there is no operator but demo ones. The
 * first owner's password is ADMIN_OWNER_PASSWORD when set, else generated; it
 * is returned so the terminal shows it once, and the owner changes it at first
 * login (unless it came from the environment) and enrols TOTP. Every insert is
 * also safe without the lock (ON CONFLICT on the login): of nodes racing to
 * make the first owner, only the one whose insert landed returns a password.
 */
export async function ensureOperators(
  db: Kysely<DB>,
  options: { sandbox: boolean; tokenSecret: string; ownerPassword: string | undefined; now: Date; audit: AuditWriter },
): Promise<{ login: string; password: string } | null> {
  const operators = createOperatorRepository(db);
  if (options.sandbox) {
    const box = createTotpBox(options.tokenSecret);
    for (const demo of DEMO_OPERATORS) {
      if (await operators.byLogin(demo.login)) continue;
      await operators.insertIfLoginFree({
        id: uuidV7(options.now),
        login: demo.login,
        name: `Demo ${demo.role}`,
        passwordHash: demo.hash,
        roles: [demo.role],
        mustChangePassword: false,
        totpSecretSealed: box.seal(DEMO_TOTP_SECRET),
        totpEnrolledAt: options.now,
        totpExempt: true,
        now: options.now,
      });
    }
  }
  if (await operators.anyReal()) return null;
  const password = options.ownerPassword ?? temporaryPassword();
  const id = uuidV7(options.now);
  const created = await operators.insertIfLoginFree({
    id,
    login: FIRST_OWNER_LOGIN,
    name: 'Owner',
    passwordHash: await hashPassword(password),
    roles: ['owner'],
    mustChangePassword: options.ownerPassword === undefined,
    now: options.now,
  });
  if (!created) return null;
  await options.audit(db, { operatorId: null, action: 'operator.first-owner', after: { id, login: FIRST_OWNER_LOGIN }, at: options.now });
  return { login: FIRST_OWNER_LOGIN, password };
}
