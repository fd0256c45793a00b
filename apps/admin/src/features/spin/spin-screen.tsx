import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminWheel } from '@jetton/contract/admin/spin';
import { Button } from '@jetton/ui/components/button';
import { SelectField } from '@jetton/ui/components/select-field';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { translateError } from '@jetton/ui/lib/translate-error';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { when } from '@admin/lib/display';
import { errorText } from '@admin/lib/error-text';
import { useDrawReport, useSaveWheel, useSetWheelActive, useWheel } from './spin-api';
import {
  checkDraft,
  draftOf,
  emptySlice,
  PRIZE_TYPES,
  type DraftErrors,
  type SliceDraft,
  type SliceField,
  type WheelDraft,
} from './wheel-form';

const MAX_SLICES = 24;

/**
 * The prize wheel's configuration (docs/spin.md, "Configuration"): the current version and its
 * slices, an editor that saves a new version (each spin keeps the version it was drawn on), on/off,
 * and the draw report of observed against expected slice counts.
 */
export function SpinScreen() {
  const { t } = useTranslation();
  const wheel = useWheel();
  if (wheel.error) return <Notice tone="danger">{errorText(t, wheel.error)}</Notice>;
  if (!wheel.data) return <p className={ui.muted}>{t('common.loading')}</p>;
  const current = wheel.data.wheel;
  return (
    <div className={ui.stack}>
      {current ? <WheelSummary wheel={current} /> : <Notice tone="info">{t('spin.noWheel')}</Notice>}
      <WheelEditor key={current?.version ?? 0} wheel={current} />
      {current && <DrawReport version={current.version} />}
    </div>
  );
}

function WheelSummary({ wheel }: { wheel: TAdminWheel }) {
  const { t } = useTranslation();
  const setActive = useSetWheelActive();
  const toggle = () =>
    setActive.mutate(!wheel.active, {
      onSuccess: () => showToast(wheel.active ? t('spin.switchedOff') : t('spin.switchedOn'), 'success'),
      onError: (error) => showToast(translateError(t, error.code), 'danger'),
    });
  return (
    <section className={ui.card} aria-labelledby="spin-current">
      <div className={ui.cardHeader}>
        <h2 id="spin-current">{t('spin.current', { version: wheel.version })}</h2>
        <span className={wheel.active ? ui.badgeSuccess : ui.badge}>{wheel.active ? t('spin.on') : t('spin.off')}</span>
      </div>
      <p className={ui.muted}>{t('spin.savedAt', { name: wheel.name, at: when(wheel.createdAt) })}</p>
      <div>
        <Button variant="secondary" loading={setActive.isPending} onClick={toggle}>
          {wheel.active ? t('spin.switchOff') : t('spin.switchOn')}
        </Button>
      </div>
    </section>
  );
}

function WheelEditor({ wheel }: { wheel: TAdminWheel | null }) {
  const { t } = useTranslation();
  const save = useSaveWheel();
  const [draft, setDraft] = useState<WheelDraft>(() =>
    wheel ? draftOf(wheel) : { name: 'Wheel', active: false, slices: [emptySlice(1), emptySlice(2)] },
  );
  const [errors, setErrors] = useState<DraftErrors | null>(null);
  const setSlice = (index: number, patch: Partial<SliceDraft>) =>
    setDraft((d) => ({ ...d, slices: d.slices.map((s, i) => (i === index ? { ...s, ...patch } : s)) }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkDraft(draft);
    setErrors(checked.errors);
    if (!checked.config) return;
    save.mutate(checked.config, {
      onSuccess: () => showToast(t('spin.saved'), 'success'),
      onError: (error) => showToast(translateError(t, error.code), 'danger'),
    });
  };
  const total = draft.slices.reduce((sum, s) => sum + (Number(s.weight) || 0), 0);
  const invalid = errors !== null && !checkDraft(draft).config;
  return (
    <section className={ui.card} aria-labelledby="spin-editor">
      <h2 id="spin-editor">{t('spin.editor')}</h2>
      <p className={ui.muted}>{t('spin.editorHelp')}</p>
      <form className={ui.form} onSubmit={onSubmit} noValidate aria-labelledby="spin-editor">
        <div className={ui.grid}>
          <TextField
            name="name"
            label={t('spin.name')}
            value={draft.name}
            maxLength={80}
            onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
            error={errors?.name ? t('spin.errors.name') : undefined}
          />
          <label className={ui.checkbox}>
            <input type="checkbox" checked={draft.active} onChange={(e) => setDraft((d) => ({ ...d, active: e.target.checked }))} />
            {t('spin.activeOnSave')}
          </label>
        </div>
        {draft.slices.map((slice, i) => (
          <SliceFields
            key={i}
            index={i}
            slice={slice}
            share={total > 0 ? (Number(slice.weight) || 0) / total : 0}
            errors={errors?.slices[i] ?? {}}
            onChange={(patch) => setSlice(i, patch)}
            onRemove={draft.slices.length > 2 ? () => setDraft((d) => ({ ...d, slices: d.slices.filter((_, j) => j !== i) })) : undefined}
          />
        ))}
        {errors?.wheel && <Notice tone="danger">{t(`spin.errors.${errors.wheel}`)}</Notice>}
        {invalid && !errors.wheel && <Notice tone="danger">{t('spin.errors.fix')}</Notice>}
        {save.error && <Notice tone="danger">{errorText(t, save.error)}</Notice>}
        <div className={ui.toolbar}>
          <Button
            type="button"
            variant="secondary"
            disabled={draft.slices.length >= MAX_SLICES}
            onClick={() => setDraft((d) => ({ ...d, slices: [...d.slices, emptySlice(d.slices.length + 1)] }))}
          >
            {t('spin.addSlice')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('spin.save', { version: (wheel?.version ?? 0) + 1 })}
          </Button>
        </div>
      </form>
    </section>
  );
}

type SliceFieldsProps = {
  index: number;
  slice: SliceDraft;
  share: number;
  errors: Partial<Record<SliceField, string>>;
  onChange: (patch: Partial<SliceDraft>) => void;
  onRemove: (() => void) | undefined;
};

function SliceFields({ index, slice, share, errors, onChange, onRemove }: SliceFieldsProps) {
  const { t } = useTranslation();
  const err = (field: SliceField) => (errors[field] ? t(`spin.errors.${errors[field] === 'duplicate' ? 'duplicate' : field}`) : undefined);
  const field = (name: SliceField, props: { inputMode?: 'numeric' | 'decimal'; maxLength?: number } = {}) => (
    <TextField
      label={t(`spin.fields.${name}`)}
      value={slice[name]}
      onChange={(e) => onChange({ [name]: e.target.value })}
      error={err(name)}
      {...props}
    />
  );
  const swatch = (color: string) => (
    <span
      aria-hidden="true"
      style={{ background: color, width: 20, height: 20, borderRadius: 4, border: '1px solid #888', flex: 'none' }}
    />
  );
  return (
    <fieldset className={ui.fieldset}>
      <legend>{t('spin.slice', { n: index + 1, code: slice.code })}</legend>
      <div className={ui.grid}>
        {field('code', { maxLength: 32 })}
        {field('label', { maxLength: 40 })}
        <TextField
          label={t('spin.fields.bgColor')}
          value={slice.bgColor}
          onChange={(e) => onChange({ bgColor: e.target.value })}
          error={err('bgColor')}
          end={swatch(slice.bgColor)}
        />
        <TextField
          label={t('spin.fields.textColor')}
          value={slice.textColor}
          onChange={(e) => onChange({ textColor: e.target.value })}
          error={err('textColor')}
          end={swatch(slice.textColor)}
        />
        <TextField
          label={t('spin.fields.weight')}
          value={slice.weight}
          inputMode="numeric"
          onChange={(e) => onChange({ weight: e.target.value })}
          error={err('weight')}
          hint={t('spin.share', { share: (share * 100).toFixed(2) })}
        />
        <SelectField
          label={t('spin.fields.type')}
          value={slice.type}
          onChange={(e) => onChange({ type: e.target.value as SliceDraft['type'] })}
        >
          {PRIZE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`spin.prize.${type}`)}
            </option>
          ))}
        </SelectField>
        {(slice.type === 'credit' || slice.type === 'bonus') && field('amount', { inputMode: 'decimal' })}
        {slice.type === 'bonus' && field('turnover', { inputMode: 'numeric' })}
        {slice.type === 'bonus' && field('percentFail', { inputMode: 'numeric' })}
        {slice.type === 'coin' && field('coins', { inputMode: 'numeric' })}
        {field('htmlDescription', { maxLength: 2000 })}
      </div>
      {onRemove && (
        <div>
          <Button type="button" variant="secondary" className={ui.small} onClick={onRemove}>
            {t('spin.removeSlice', { code: slice.code })}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

function DrawReport({ version }: { version: number }) {
  const { t } = useTranslation();
  const report = useDrawReport(version);
  const r = report.data;
  return (
    <section className={ui.card} aria-labelledby="spin-report">
      <h2 id="spin-report">{t('spin.report', { version })}</h2>
      {report.error && <Notice tone="danger">{errorText(t, report.error)}</Notice>}
      {r && (
        <>
          <p>
            {t('spin.reportSummary', {
              draws: r.draws,
              statistic: r.statistic.toFixed(3),
              df: r.degreesOfFreedom,
              p: r.pValue.toFixed(4),
            })}
          </p>
          <p className={ui.muted}>{t('spin.reportHelp')}</p>
          {r.impossible > 0 && <Notice tone="danger">{t('spin.impossible', { count: r.impossible })}</Notice>}
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <caption>{t('spin.reportCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('spin.fields.code')}</th>
                  <th scope="col">{t('spin.fields.label')}</th>
                  <th scope="col" className={ui.num}>
                    {t('spin.fields.weight')}
                  </th>
                  <th scope="col" className={ui.num}>
                    {t('spin.expected')}
                  </th>
                  <th scope="col" className={ui.num}>
                    {t('spin.observed')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {r.slices.map((s) => (
                  <tr key={s.code}>
                    <td className={ui.mono}>{s.code}</td>
                    <td>{s.label}</td>
                    <td className={ui.num}>{s.weight}</td>
                    <td className={ui.num}>
                      {(s.expectedShare * 100).toFixed(2)}% · {(s.expectedShare * r.draws).toFixed(1)}
                    </td>
                    <td className={ui.num}>
                      {r.draws > 0 ? `${((s.observed / r.draws) * 100).toFixed(2)}% · ` : ''}
                      {s.observed}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
