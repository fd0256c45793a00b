import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAGS, LOCALES, type Locale } from '@jetton/contract/constants';
import type { ContentName, TContent } from '@jetton/contract/admin/settings';
import type { TLocalized } from '@jetton/contract/lookup';
import { Button } from '@jetton/ui/components/button';
import { TextField } from '@jetton/ui/components/text-field';
import { showToast } from '@jetton/ui/components/toast-store';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { errorText } from '@admin/lib/error-text';
import styles from './content-editor.module.css';

type Props = {
  name: ContentName;
  value: TContent[ContentName];
  canEdit: boolean;
  saving: boolean;
  onSave: (body: unknown) => Promise<unknown>;
  onUploadQr: (file: File) => Promise<unknown>;
};

const EMPTY: TLocalized = { th: '', la: '', en: '' };

/** Edits one piece of content as a draft, shows it as a member of each language reads it, then saves. */
export function ContentEditor({ name, value, canEdit, saving, onSave, onUploadQr }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TContent[ContentName]>(value);
  const [preview, setPreview] = useState<Locale>('th');
  const [error, setError] = useState<string>();
  const save = (): void => {
    setError(undefined);
    onSave(draft)
      .then(() => showToast(t('content.saved'), 'success'))
      .catch((failure: unknown) =>
        setError(failure instanceof Error && failure.message === 'KEY_INVALID' ? t('settings.invalid') : errorText(t, failure)),
      );
  };
  const texts = localizedTexts(name, draft);
  return (
    <div className={styles.layout}>
      <section className={ui.card} aria-labelledby="content-edit-title">
        <h2 id="content-edit-title">{t(`content.names.${name}`)}</h2>
        <fieldset className={ui.fieldset} disabled={!canEdit}>
          <div className={ui.stack}>
            <Fields name={name} draft={draft} onChange={setDraft} />
          </div>
        </fieldset>
        {name === 'contact' && canEdit && (
          <div>
            <label htmlFor="contact-qr" className={ui.fieldLabel}>
              {t('content.qrUpload')}
            </label>
            <input
              id="contact-qr"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file)
                  onUploadQr(file).then(
                    () => showToast(t('content.qrUploaded'), 'success'),
                    (failure: unknown) => setError(errorText(t, failure)),
                  );
              }}
            />
          </div>
        )}
        {error && <Notice tone="danger">{error}</Notice>}
        {canEdit && (
          <div>
            <Button onClick={save} loading={saving}>
              {t('content.save')}
            </Button>
          </div>
        )}
      </section>
      <section className={ui.card} aria-labelledby="content-preview-title">
        <div className={ui.cardHeader}>
          <h2 id="content-preview-title">{t('content.preview')}</h2>
          <div role="group" aria-label={t('content.previewLanguage')} className={ui.rowActions}>
            {LOCALES.map((locale) => (
              <Button
                key={locale}
                className={ui.small}
                variant={locale === preview ? 'primary' : 'secondary'}
                aria-pressed={locale === preview}
                onClick={() => setPreview(locale)}
              >
                {t(`language.${locale}`)}
              </Button>
            ))}
          </div>
        </div>
        <div className={styles.preview} lang={LANGUAGE_TAGS[preview]}>
          {texts.length === 0 && <p className={ui.muted}>{t('content.noText')}</p>}
          {texts.map((text, index) => (
            <p key={index}>{text[preview] || <span className={ui.muted}>{t('content.missing')}</span>}</p>
          ))}
          {name === 'contact' && 'lineQR' in draft && draft.lineQR && (
            <img className={styles.qr} src={draft.lineQR} alt={t('content.qrAlt')} />
          )}
        </div>
      </section>
    </div>
  );
}

/** The texts a member reads, per language, for the preview. */
function localizedTexts(name: ContentName, draft: TContent[ContentName]): TLocalized[] {
  switch (name) {
    case 'conditions':
    case 'agreements':
      return draft as TContent['conditions'];
    case 'notice':
      return [(draft as TContent['notice']).text];
    case 'contact':
      return [(draft as TContent['contact']).contactText];
    case 'info':
    case 'howto':
      return [];
  }
}

function Localized({ label, value, onChange }: { label: string; value: TLocalized; onChange: (next: TLocalized) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className={ui.fieldset}>
      <legend className={ui.fieldLabel}>{label}</legend>
      <div className={ui.stack}>
        {LOCALES.map((locale) => (
          <div key={locale}>
            <label htmlFor={`${label}-${locale}`} className={ui.muted}>
              {t(`language.${locale}`)}
            </label>
            <textarea
              id={`${label}-${locale}`}
              lang={LANGUAGE_TAGS[locale]}
              className={ui.textarea}
              rows={3}
              value={value[locale]}
              onChange={(event) => onChange({ ...value, [locale]: event.target.value })}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function Fields({
  name,
  draft,
  onChange,
}: {
  name: ContentName;
  draft: TContent[ContentName];
  onChange: (next: TContent[ContentName]) => void;
}) {
  const { t } = useTranslation();
  switch (name) {
    case 'conditions':
    case 'agreements': {
      const items = draft as TContent['conditions'];
      return (
        <>
          {items.map((item, index) => (
            <div key={index} className={ui.stack}>
              <Localized
                label={t('content.item', { n: index + 1 })}
                value={item}
                onChange={(next) => onChange(items.map((old, i) => (i === index ? next : old)))}
              />
              <div>
                <Button className={ui.small} variant="secondary" onClick={() => onChange(items.filter((_, i) => i !== index))}>
                  {t('content.removeItem', { n: index + 1 })}
                </Button>
              </div>
            </div>
          ))}
          <div>
            <Button className={ui.small} variant="secondary" onClick={() => onChange([...items, EMPTY])}>
              {t('content.addItem')}
            </Button>
          </div>
        </>
      );
    }
    case 'notice': {
      const notice = draft as TContent['notice'];
      return <Localized label={t('content.names.notice')} value={notice.text} onChange={(text) => onChange({ text })} />;
    }
    case 'contact': {
      const contact = draft as TContent['contact'];
      return (
        <>
          <Localized
            label={t('content.contactText')}
            value={contact.contactText}
            onChange={(contactText) => onChange({ ...contact, contactText })}
          />
          <TextField
            label={t('content.lineName')}
            value={contact.lineName}
            onChange={(event) => onChange({ ...contact, lineName: event.target.value })}
          />
          <TextField
            label={t('content.lineLink')}
            type="url"
            value={contact.lineLink}
            onChange={(event) => onChange({ ...contact, lineLink: event.target.value })}
          />
        </>
      );
    }
    case 'info': {
      const info = draft as TContent['info'];
      return (
        <>
          <TextField
            label={t('content.siteName')}
            value={info.name}
            onChange={(event) => onChange({ ...info, name: event.target.value })}
          />
          <TextField
            label={t('content.website')}
            value={info.website}
            onChange={(event) => onChange({ ...info, website: event.target.value })}
          />
        </>
      );
    }
    case 'howto': {
      const videos = draft as TContent['howto'];
      return (
        <>
          {videos.map((video, index) =>
            LOCALES.map((locale) => (
              <TextField
                key={`${video.key}-${locale}`}
                label={t('content.videoUrl', { key: video.key, language: t(`language.${locale}`) })}
                value={video.urls[locale] ?? ''}
                onChange={(event) => {
                  const url = event.target.value === '' ? null : event.target.value;
                  onChange(videos.map((old, i) => (i === index ? { ...old, urls: { ...old.urls, [locale]: url } } : old)));
                }}
              />
            )),
          )}
        </>
      );
    }
  }
}
