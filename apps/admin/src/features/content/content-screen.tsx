import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CONTENT_NAMES,
  CONTENT_SCHEMAS,
  ZContactQrResponse,
  ZContent,
  type ContentName,
  type TContent,
} from '@jetton/contract/admin/settings';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { apiPath } from '@jetton/contract/routes';
import type { ApiError } from '@jetton/ui/lib/api-error';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { adminRequest } from '@admin/lib/admin-api';
import { errorText } from '@admin/lib/error-text';
import { usePermissions } from '@admin/lib/operator';
import { ContentEditor } from './content-editor';

const KEY = ['admin', 'content'];

/** Site content in th/la/en with a preview of what members read (docs/operators.md, "Settings and content"). */
export function ContentScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = usePermissions().has('content.edit');
  const [name, setName] = useState<ContentName>('notice');
  const content = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => adminRequest(ADMIN_ROUTES.content.get.path, { schema: ZContent, signal }),
    staleTime: 0,
  });
  const save = useMutation<unknown, ApiError, { name: ContentName; body: unknown }>({
    mutationFn: ({ name: target, body }) =>
      adminRequest(apiPath(ADMIN_ROUTES.content.update.path, { name: target }), { method: 'PUT', body, schema: z.unknown() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const uploadQr = useMutation<z.infer<typeof ZContactQrResponse>, ApiError, File>({
    mutationFn: (file) => {
      const body = new FormData();
      body.append('file', file);
      return adminRequest(ADMIN_ROUTES.content.contactQr.path, { method: 'POST', body, schema: ZContactQrResponse });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  if (content.error) return <Notice tone="danger">{errorText(t, content.error)}</Notice>;
  if (!content.data) return <p className={ui.muted}>{t('common.loading')}</p>;
  const data: TContent = content.data;
  return (
    <div className={ui.stack}>
      <div role="tablist" aria-label={t('content.pick')} className={ui.tabs}>
        {CONTENT_NAMES.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            id={`content-tab-${item}`}
            aria-controls="content-panel"
            aria-selected={item === name}
            className={ui.tab}
            onClick={() => setName(item)}
          >
            {t(`content.names.${item}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="content-panel" aria-labelledby={`content-tab-${name}`}>
        <ContentEditor
          key={`${name}-${JSON.stringify(data[name])}`}
          name={name}
          value={data[name]}
          canEdit={canEdit}
          saving={save.isPending}
          onSave={(body) => {
            const parsed = CONTENT_SCHEMAS[name].safeParse(body);
            if (!parsed.success) return Promise.reject(new Error('KEY_INVALID'));
            return save.mutateAsync({ name, body: parsed.data });
          }}
          onUploadQr={(file) => uploadQr.mutateAsync(file)}
        />
      </div>
    </div>
  );
}
