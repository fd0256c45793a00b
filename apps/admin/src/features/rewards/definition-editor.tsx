import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAdminDefinition, ZAdminDefinitionInput, type TAdminDefinitionInput } from '@jetton/contract/admin/rewards';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { LOCALES } from '@jetton/contract/constants';
import { BONUS_TYPES } from '@jetton/contract/rewards';
import { apiPath } from '@jetton/contract/routes';
import type { z } from 'zod';
import { Button } from '@jetton/ui/components/button';
import { SelectField } from '@jetton/ui/components/select-field';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { translateError } from '@jetton/ui/lib/translate-error';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { adminRequest } from '@admin/lib/admin-api';
import { errorText } from '@admin/lib/error-text';

type Definition = z.infer<typeof ZAdminDefinition>;
type Draft = Record<string, string> & { origin: 'bonus' | 'promotion'; type: (typeof BONUS_TYPES)[number] };
type Banner = { image: string; html: Record<(typeof LOCALES)[number], string> };

const NUMBERS = ['percent', 'maxBonus', 'minDeposit', 'turnover', 'percentFail', 'maxReceived', 'slot', 'sport', 'lotto'] as const;
const OPTIONAL_NUMBERS = ['expiryDays', 'maxUses'] as const;

/** A datetime-local value (operator's clock) from an ISO instant, and back. */
const localOf = (iso: string | null) =>
  iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';
const isoOf = (local: string) => (local === '' ? null : Number.isNaN(Date.parse(local)) ? local : new Date(local).toISOString());
const num = (value: string): number | string => (value.trim() === '' || Number.isNaN(Number(value)) ? value : Number(value));

function draftOf(d: Definition | null): Draft {
  return {
    origin: d?.origin ?? 'promotion',
    type: d?.type ?? 'limit',
    code: d?.code ?? '',
    ...Object.fromEntries(
      LOCALES.flatMap((l) => [
        [`name.${l}`, d?.names[l] ?? ''],
        [`notice.${l}`, d?.notices[l] ?? ''],
      ]),
    ),
    percent: String(d?.percent ?? 0),
    maxBonus: String(d?.maxBonus ?? 0),
    minDeposit: String(d?.minDeposit ?? 0),
    turnover: String(d?.turnover ?? 1),
    percentFail: String(d?.percentFail ?? 0),
    maxReceived: String(d?.maxReceived ?? 1),
    slot: String(d?.categoryWeights.slot ?? 100),
    sport: String(d?.categoryWeights.sport ?? 100),
    lotto: String(d?.categoryWeights.lotto ?? 100),
    expiryDays: d?.expiryDays === null || d === null ? '' : String(d.expiryDays),
    maxUses: d?.maxUses === null || d === null ? '' : String(d.maxUses),
    validFrom: localOf(d?.validFrom ?? null),
    validTo: localOf(d?.validTo ?? null),
  };
}

function inputOf(draft: Draft, banners: Banner[], active: boolean): unknown {
  const localized = (prefix: string) => Object.fromEntries(LOCALES.map((l) => [l, draft[`${prefix}.${l}`] ?? '']));
  const n = (key: string) => num(draft[key] ?? '');
  const optional = (key: string) => ((draft[key] ?? '').trim() === '' ? null : n(key));
  return {
    origin: draft.origin,
    code: draft.code,
    names: localized('name'),
    notices: localized('notice'),
    type: draft.type,
    maxReceived: n('maxReceived'),
    percent: n('percent'),
    maxBonus: n('maxBonus'),
    minDeposit: n('minDeposit'),
    turnover: n('turnover'),
    percentFail: n('percentFail'),
    categoryWeights: { slot: n('slot'), sport: n('sport'), lotto: n('lotto') },
    banners,
    active,
    validFrom: isoOf(draft.validFrom ?? ''),
    validTo: isoOf(draft.validTo ?? ''),
    expiryDays: optional('expiryDays'),
    maxUses: optional('maxUses'),
  };
}

/** The contract's issue paths as the form's field keys. */
function fieldKey(path: readonly PropertyKey[]): string {
  const [a, b] = path;
  if (a === 'names') return `name.${String(b)}`;
  if (a === 'notices') return `notice.${String(b)}`;
  if (a === 'categoryWeights') return String(b);
  if (a === 'banners') return 'banners';
  return String(a);
}

/**
 * Creates or edits a bonus or promotion code: names and notices in th/la/en, the terms, the
 * window, the category weights and the banners (docs/rewards.md, "Operator side"). A bonus
 * already granted keeps the terms it was granted with.
 */
export function DefinitionEditor({ definition, onDone }: { definition: Definition | null; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(definition));
  const [banners, setBanners] = useState<Banner[]>(definition?.banners ?? []);
  const [active, setActive] = useState(definition?.active ?? false);
  const [errors, setErrors] = useState<Set<string>>(new Set());
  const save = useMutation<unknown, ApiError, TAdminDefinitionInput>({
    mutationFn: (input) =>
      definition
        ? adminRequest(apiPath(ADMIN_ROUTES.rewards.updateDefinition.path, { id: definition.id }), {
            method: 'PUT',
            body: input,
            schema: ZAdminDefinition,
          })
        : adminRequest(ADMIN_ROUTES.rewards.createDefinition.path, { method: 'POST', body: input, schema: ZAdminDefinition }),
    onSuccess: () => {
      showToast(t('rewards.saved'), 'success');
      onDone();
    },
    onError: (error) => showToast(translateError(t, error.code), 'danger'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'rewards'] }),
  });
  const set = (key: string, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const err = (key: string) => (errors.has(key) ? t('rewards.edit.invalid') : undefined);
  const field = (key: string, label: string, props: { inputMode?: 'numeric' | 'decimal'; type?: string } = {}) => (
    <TextField key={key} label={label} value={draft[key] ?? ''} onChange={(e) => set(key, e.target.value)} error={err(key)} {...props} />
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZAdminDefinitionInput.safeParse(inputOf(draft, banners, active));
    setErrors(new Set(parsed.success ? [] : parsed.error.issues.map((issue) => fieldKey(issue.path))));
    if (parsed.success) save.mutate(parsed.data);
  };
  const title = definition ? t('rewards.edit.titleEdit', { code: definition.code }) : t('rewards.edit.titleNew');
  return (
    <section className={ui.card} aria-labelledby="reward-editor">
      <h2 id="reward-editor">{title}</h2>
      <p className={ui.muted}>{t('rewards.edit.help')}</p>
      <form className={ui.form} onSubmit={onSubmit} noValidate aria-labelledby="reward-editor">
        <div className={ui.grid}>
          <SelectField label={t('rewards.kind')} value={draft.origin} onChange={(e) => set('origin', e.target.value)}>
            <option value="bonus">{t('rewards.origin.bonus')}</option>
            <option value="promotion">{t('rewards.origin.promotion')}</option>
          </SelectField>
          {field('code', t('rewards.code'))}
          <SelectField label={t('rewards.edit.type')} value={draft.type} onChange={(e) => set('type', e.target.value)}>
            {BONUS_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`rewards.edit.types.${type}`)}
              </option>
            ))}
          </SelectField>
          {NUMBERS.map((key) =>
            field(key, t(`rewards.edit.fields.${key}`), { inputMode: key === 'maxBonus' || key === 'minDeposit' ? 'decimal' : 'numeric' }),
          )}
          {OPTIONAL_NUMBERS.map((key) => field(key, t(`rewards.edit.fields.${key}`), { inputMode: 'numeric' }))}
          {field('validFrom', t('rewards.edit.fields.validFrom'), { type: 'datetime-local' })}
          {field('validTo', t('rewards.edit.fields.validTo'), { type: 'datetime-local' })}
        </div>
        {(['name', 'notice'] as const).map((prefix) => (
          <fieldset key={prefix} className={ui.fieldset}>
            <legend className={ui.fieldLabel}>{t(`rewards.edit.${prefix}s`)}</legend>
            <div className={ui.grid}>
              {LOCALES.map((l) => field(`${prefix}.${l}`, t(`rewards.edit.${prefix}In`, { language: t(`language.${l}`) })))}
            </div>
          </fieldset>
        ))}
        <fieldset className={ui.fieldset}>
          <legend className={ui.fieldLabel}>{t('rewards.edit.banners')}</legend>
          <p className={ui.muted}>{t('rewards.edit.bannersHelp')}</p>
          {banners.map((banner, i) => (
            <div key={i} className={ui.grid}>
              <TextField
                label={t('rewards.edit.bannerImage', { n: i + 1 })}
                value={banner.image}
                onChange={(e) => setBanners((list) => list.map((b, j) => (j === i ? { ...b, image: e.target.value } : b)))}
              />
              {LOCALES.map((l) => (
                <TextField
                  key={l}
                  label={t('rewards.edit.bannerHtml', { n: i + 1, language: t(`language.${l}`) })}
                  value={banner.html[l]}
                  onChange={(e) =>
                    setBanners((list) => list.map((b, j) => (j === i ? { ...b, html: { ...b.html, [l]: e.target.value } } : b)))
                  }
                />
              ))}
              <div>
                <Button
                  type="button"
                  variant="secondary"
                  className={ui.small}
                  onClick={() => setBanners((list) => list.filter((_, j) => j !== i))}
                >
                  {t('rewards.edit.removeBanner', { n: i + 1 })}
                </Button>
              </div>
            </div>
          ))}
          {errors.has('banners') && <p className={ui.fieldError}>{t('rewards.edit.invalid')}</p>}
          <div>
            <Button
              type="button"
              variant="secondary"
              disabled={banners.length >= 10}
              onClick={() => setBanners((list) => [...list, { image: '', html: { th: '', la: '', en: '' } }])}
            >
              {t('rewards.edit.addBanner')}
            </Button>
          </div>
        </fieldset>
        <label className={ui.checkbox}>
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
          {t('rewards.active')}
        </label>
        {errors.size > 0 && <Notice tone="danger">{t('rewards.edit.fix')}</Notice>}
        {save.error && <Notice tone="danger">{errorText(t, save.error)}</Notice>}
        <div className={ui.rowActions}>
          <Button type="submit" loading={save.isPending}>
            {t('rewards.edit.save')}
          </Button>
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
