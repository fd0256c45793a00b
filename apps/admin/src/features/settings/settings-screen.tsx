import { useTranslation } from 'react-i18next';
import type { TSettings } from '@jetton/contract/admin/settings';
import { SelectField } from '@jetton/ui/components/select-field';
import { TextField } from '@jetton/ui/components/text-field';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { errorText } from '@admin/lib/error-text';
import { formText } from '@admin/lib/form-text';
import { usePermissions } from '@admin/lib/operator';
import { MoneyRulesForm } from './money-rules-form';
import { SectionForm } from './section-form';
import { useSettings } from './settings-api';

const checked = (form: HTMLFormElement, name: string): boolean =>
  (form.elements.namedItem(name) as HTMLInputElement | null)?.checked ?? false;
/** An amount field: '' stays '' so the contract refuses it, instead of a silent 0. */
const amount = (form: HTMLFormElement, name: string): number | string => {
  const value = formText(form, name).replace(/,/g, '');
  return value === '' || Number.isNaN(Number(value)) ? value : Number(value);
};

/** Every operator setting as a form with validation (docs/operators.md, "Settings and content"). */
export function SettingsScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const canEdit = usePermissions().has('settings.edit');
  if (settings.error) return <Notice tone="danger">{errorText(t, settings.error)}</Notice>;
  if (!settings.data) return <p className={ui.muted}>{t('common.loading')}</p>;
  const s: TSettings = settings.data;
  return (
    <div className={ui.stack} key={JSON.stringify(s)}>
      <SectionForm section="service" canEdit={canEdit} read={(form) => ({ status: formText(form, 'status') })}>
        <SelectField name="status" label={t('settings.serviceStatus')} defaultValue={s.service.status}>
          <option value="active">{t('settings.serviceActive')}</option>
          <option value="gone">{t('settings.serviceGone')}</option>
        </SelectField>
      </SectionForm>
      <div className={ui.grid}>
        <SectionForm section="registrationCode" canEdit={canEdit} read={(form) => ({ enabled: checked(form, 'enabled') })}>
          <Check name="enabled" label={t('settings.enabled')} defaultChecked={s.registrationCode.enabled} />
        </SectionForm>
        <SectionForm section="chatWidget" canEdit={canEdit} read={(form) => ({ enabled: checked(form, 'enabled') })}>
          <Check name="enabled" label={t('settings.enabled')} defaultChecked={s.chatWidget.enabled} />
        </SectionForm>
        <SectionForm section="depositMode" canEdit={canEdit} read={(form) => ({ isManual: checked(form, 'isManual') })}>
          <Check name="isManual" label={t('settings.manualMode')} defaultChecked={s.depositMode.isManual} />
        </SectionForm>
      </div>
      <MoneyRulesForm money={s.money} canEdit={canEdit} />
      <SectionForm
        section="qrProviders"
        canEdit={canEdit}
        read={(form) => s.qrProviders.map(({ provider }) => ({ provider, enabled: checked(form, `enabled-${provider}`) }))}
      >
        {s.qrProviders.map((p) => (
          <Check
            key={p.provider}
            name={`enabled-${p.provider}`}
            label={t('settings.providerOn', { provider: p.provider })}
            defaultChecked={p.enabled}
          />
        ))}
      </SectionForm>
      <SectionForm
        section="games"
        canEdit={canEdit}
        read={(form) => s.games.map(({ code }) => ({ code, enabled: checked(form, `game-${code}`) }))}
      >
        <div className={ui.grid}>
          {s.games.map((game) => (
            <Check key={game.code} name={`game-${game.code}`} label={`${game.name} (${game.category})`} defaultChecked={game.enabled} />
          ))}
        </div>
      </SectionForm>
      <SectionForm section="slipWindow" canEdit={canEdit} read={(form) => ({ from: formText(form, 'from'), to: formText(form, 'to') })}>
        <div className={ui.formRow}>
          <TextField name="from" type="time" label={t('settings.slipFrom')} defaultValue={s.slipWindow.from} />
          <TextField name="to" type="time" label={t('settings.slipTo')} defaultValue={s.slipWindow.to} />
        </div>
      </SectionForm>
      <SectionForm
        section="backOffice"
        canEdit={canEdit}
        read={(form) => ({
          idleMinutes: amount(form, 'idleMinutes'),
          ipAllowList: formText(form, 'ipAllowList')
            .split(/\s+/)
            .filter((line) => line !== ''),
        })}
      >
        <TextField name="idleMinutes" label={t('settings.idleMinutes')} inputMode="numeric" defaultValue={s.backOffice.idleMinutes} />
        <div>
          <label htmlFor="ip-allow-list" className={ui.fieldLabel}>
            {t('settings.ipAllowList')}
          </label>
          <textarea
            id="ip-allow-list"
            name="ipAllowList"
            className={ui.textarea}
            rows={4}
            defaultValue={s.backOffice.ipAllowList.join('\n')}
            aria-describedby="ip-hint"
          />
          <p id="ip-hint" className={ui.muted}>
            {t('settings.ipAllowListHint')}
          </p>
        </div>
      </SectionForm>
    </div>
  );
}

function Check({ name, label, defaultChecked }: { name: string; label: string; defaultChecked: boolean }) {
  return (
    <label className={ui.checkbox}>
      <input type="checkbox" name={name} defaultChecked={defaultChecked} />
      <span>{label}</span>
    </label>
  );
}
