import type { TFunction } from 'i18next';

/** "auth.login-recovery-code" -> "auth_login_recovery_code": one flat key per action code. */
const keyOf = (code: string) => code.replace(/[.-]/g, '_');

/**
 * An audit action's name for people: the code's own name, or the family's
 * sentence with the section or content named (settings.* and content.*); an
 * unknown code is shown as it is.
 */
export function actionName(t: TFunction, action: string): string {
  const [family, rest] = [action.slice(0, action.indexOf('.')), action.slice(action.indexOf('.') + 1)];
  if (family === 'settings') return t('audit.actions.settings', { section: t(`settings.sections.${rest}`, { defaultValue: rest }) });
  if (family === 'content') return t('audit.actions.content', { name: t(`content.names.${rest}`, { defaultValue: rest }) });
  return t(`audit.actions.${keyOf(action)}`, { defaultValue: action });
}

/** "bankAccountNo" -> "bank account no": a field the list does not name still reads as words. */
const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

function valueText(t: TFunction, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('audit.emptyValue');
  if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map((v) => valueText(t, v)).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([k, v]) => `${fieldName(t, k)}: ${valueText(t, v)}`)
      .join(', ');
  }
  return '';
}

const fieldName = (t: TFunction, key: string) => t(`audit.fields.${key}`, { defaultValue: words(key) });

export type ChangeLine = { field: string; before: string | null; after: string | null };

/**
 * A before / after pair as lines of "field: before -> after", one a field,
 * in the operator's language; a field the change left alone is left out.
 * A value that is not an object is one line without a field name.
 */
export function changeLines(t: TFunction, before: unknown, after: unknown): ChangeLine[] {
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(before) && !isRecord(after)) {
    if ((before === null || before === undefined) && (after === null || after === undefined)) return [];
    return [
      {
        field: '',
        before: before === null || before === undefined ? null : valueText(t, before),
        after: after === null || after === undefined ? null : valueText(t, after),
      },
    ];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({
      field: fieldName(t, k),
      before: k in b ? valueText(t, b[k]) : null,
      after: k in a ? valueText(t, a[k]) : null,
    }));
}
