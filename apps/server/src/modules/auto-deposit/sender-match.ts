/**
 * How an incoming line's sender is compared with members' registered accounts
 * (docs/auto-deposit.md, "Matching"). Banks print the sender's account masked
 * ("xxx-x-x1234-x", "X123456X", "*5678"): separators are dropped, a mask
 * character is any digit, and at least MIN_VISIBLE_DIGITS digits must show.
 */
export const MIN_VISIBLE_DIGITS = 4;

const MASK_CHARS = /[xX*•#]/;

/** The mask as digits and '?' for a hidden digit ("xxx-x-x1234-x" -> "?????1234?"); null when nothing usable. */
export function normalizeMask(shown: string | null | undefined): string | null {
  if (!shown) return null;
  let out = '';
  for (const ch of shown.trim()) {
    if (/\d/.test(ch)) out += ch;
    else if (MASK_CHARS.test(ch)) out += '?';
  }
  const visible = out.replace(/\?/g, '').length;
  return visible >= MIN_VISIBLE_DIGITS ? out : null;
}

/**
 * A SQL LIKE pattern for the registered account numbers the mask can be.
 * A mask as long as the number is matched position by position; a shorter one
 * (banks drop leading digits) is the visible run in order, anywhere.
 */
export function likePattern(mask: string, accountLength?: number): string {
  if (accountLength !== undefined && mask.length === accountLength) return mask.replace(/\?/g, '_');
  // Leading zeros may be padding (GSB prints every account on 12 places): a looser filter, maskMatches decides.
  const runs = mask
    .replace(/^0+/, '')
    .split('?')
    .filter((run) => run.length > 0);
  return `%${runs.join('%')}%`;
}

/** Whether a registered account number can be the shown mask (the same rule as the LIKE pattern, in code). */
export function maskMatches(shown: string, accountNo: string): boolean {
  const digits = accountNo.replace(/\D/g, '');
  // A mask longer than the number by leading zeros only is the number padded ("0013XXXX1945" for 13xxxx1945).
  const extra = shown.length - digits.length;
  const mask = extra > 0 && /^0+$/.test(shown.slice(0, extra)) ? shown.slice(extra) : shown;
  if (mask.length === digits.length) return [...mask].every((c, i) => c === '?' || c === digits[i]);
  const runs = mask.split('?').filter((run) => run.length > 0);
  let from = 0;
  for (const run of runs) {
    const at = digits.indexOf(run, from);
    if (at < 0) return false;
    from = at + run.length;
  }
  return runs.length > 0;
}

const TITLES = /^(นาย|นางสาว|นาง|น\.ส\.|ด\.ช\.|ด\.ญ\.|mr\.?|mrs\.?|ms\.?|miss|ท้าว|ນາງ|ທ້າວ|ທ່ານ)\s*/i;

function normalizeName(name: string): string {
  return name
    .trim()
    .replace(TITLES, '')
    .replace(/[\s.]+/g, '')
    .toLowerCase();
}

/**
 * Whether the name a bank shows (often cut short: "SOMCHAI J", "สมชาย ใ") can be
 * the registered account name: after titles, spaces and dots, the shown text
 * begins the registered one. Names in another script than registered cannot
 * be compared and do not count against the member.
 */
export function nameMatches(shown: string | null | undefined, registered: string): boolean {
  if (!shown) return true;
  const a = normalizeName(shown);
  const b = normalizeName(registered);
  if (a.length === 0) return true;
  const thaiOrLao = (s: string) => /[\u0E00-\u0EFF]/.test(s);
  if (thaiOrLao(a) !== thaiOrLao(b)) return true;
  return b.startsWith(a);
}
