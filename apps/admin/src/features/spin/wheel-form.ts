import { COUPON_TYPES, ZSpinWheelConfig, type TCouponType, type TSpinWheelConfig } from '@jetton/contract/spin';

/** One slice as the form edits it: every number as typed, so a bad entry is shown, not silently zeroed. */
export type SliceDraft = {
  code: string;
  label: string;
  bgColor: string;
  textColor: string;
  htmlDescription: string;
  weight: string;
  type: TCouponType;
  amount: string;
  coins: string;
  turnover: string;
  percentFail: string;
};
export type WheelDraft = { name: string; active: boolean; slices: SliceDraft[] };
export type SliceField = keyof SliceDraft;
/** Per slice, the fields in error and why (an i18n key under spin.errors). */
export type DraftErrors = { name?: string; slices: Partial<Record<SliceField, string>>[]; wheel?: string };

export const PRIZE_TYPES = COUPON_TYPES;

export function draftOf(config: TSpinWheelConfig): WheelDraft {
  return {
    name: config.name,
    active: config.active,
    slices: config.slices.map((s) => ({
      code: s.code,
      label: s.label,
      bgColor: s.bgColor,
      textColor: s.textColor,
      htmlDescription: s.htmlDescription,
      weight: String(s.weight),
      type: s.prize.type,
      amount: s.prize.type === 'credit' || s.prize.type === 'bonus' ? String(s.prize.amount) : '',
      coins: s.prize.type === 'coin' ? String(s.prize.coins) : '',
      turnover: s.prize.type === 'bonus' ? String(s.prize.turnover) : '1',
      percentFail: s.prize.type === 'bonus' ? String(s.prize.percentFail) : '0',
    })),
  };
}

export function emptySlice(n: number): SliceDraft {
  return {
    code: `S${n}`,
    label: `Slice ${n}`,
    bgColor: '#1f6feb',
    textColor: '#ffffff',
    htmlDescription: '',
    weight: '1',
    type: 'nothing',
    amount: '',
    coins: '',
    turnover: '1',
    percentFail: '0',
  };
}

const num = (value: string): number | string => (value.trim() === '' || Number.isNaN(Number(value)) ? value : Number(value));

function prizeOf(s: SliceDraft): unknown {
  switch (s.type) {
    case 'credit':
      return { type: 'credit', amount: num(s.amount) };
    case 'bonus':
      return { type: 'bonus', amount: num(s.amount), turnover: num(s.turnover), percentFail: num(s.percentFail) };
    case 'coin':
      return { type: 'coin', coins: num(s.coins) };
    case 'nothing':
      return { type: 'nothing' };
  }
}

/** The path of a contract issue as the form field it belongs to. */
function fieldOf(path: readonly PropertyKey[]): SliceField | undefined {
  const [, , first, second] = path;
  if (first === 'prize') return second === 'coins' || second === 'turnover' || second === 'percentFail' ? second : 'amount';
  return typeof first === 'string' ? (first as SliceField) : undefined;
}

/**
 * Checks a draft with the contract's rules plus the server's own (unique codes, a positive total
 * weight; docs/spin.md, "Configuration"), so the operator sees each error beside its field.
 */
export function checkDraft(draft: WheelDraft): { config?: TSpinWheelConfig; errors: DraftErrors } {
  const errors: DraftErrors = { slices: draft.slices.map(() => ({})) };
  const candidate = {
    name: draft.name.trim(),
    active: draft.active,
    slices: draft.slices.map((s) => ({
      code: s.code.trim(),
      label: s.label.trim(),
      bgColor: s.bgColor.trim(),
      textColor: s.textColor.trim(),
      htmlDescription: s.htmlDescription,
      weight: num(s.weight),
      prize: prizeOf(s),
    })),
  };
  const parsed = ZSpinWheelConfig.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === 'name') errors.name = 'name';
      else if (issue.path[0] === 'slices' && typeof issue.path[1] === 'number') {
        const field = fieldOf(issue.path);
        const row = errors.slices[issue.path[1]];
        if (field && row) row[field] = field;
      } else if (issue.path[0] === 'slices') errors.wheel = 'count';
    }
  }
  const seen = new Map<string, number>();
  draft.slices.forEach((s, i) => {
    const code = s.code.trim();
    const first = seen.get(code);
    const row = errors.slices[i];
    if (first !== undefined && row) row.code = 'duplicate';
    else seen.set(code, i);
  });
  const total = draft.slices.reduce((sum, s) => sum + (Number(s.weight) || 0), 0);
  if (total <= 0 && !errors.wheel) errors.wheel = 'noWeight';
  const clean = !errors.name && !errors.wheel && errors.slices.every((row) => Object.keys(row).length === 0);
  return clean && parsed.success ? { config: parsed.data, errors } : { errors };
}
