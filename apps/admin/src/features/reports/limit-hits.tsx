import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZLimitHits } from '@jetton/contract/admin/care';
import { ADMIN_ROUTES } from '@jetton/contract/admin/routes';
import { MemberLink } from '@admin/components/status-filter';
import ui from '@admin/components/ui.module.css';
import { adminRequest } from '@admin/lib/admin-api';
import { when } from '@admin/lib/display';

/** Members a limit refused in the last 30 days, by kind and period (docs/player-care.md, "Back office"). */
export function LimitHits() {
  const { t } = useTranslation();
  const hits = useQuery({
    queryKey: ['admin', 'reports', 'limit-hits'],
    queryFn: ({ signal }) => adminRequest(ADMIN_ROUTES.care.limitHits.path, { schema: ZLimitHits, signal }),
  });
  const rows = hits.data?.hits ?? [];
  return (
    <section className={ui.card} aria-labelledby="limit-hits-title">
      <h2 id="limit-hits-title">{t('care.hits.title')}</h2>
      {hits.data && rows.length === 0 && <p className={ui.muted}>{t('care.hits.empty')}</p>}
      {rows.length > 0 && (
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th>{t('columns.member')}</th>
                <th>{t('care.limits')}</th>
                <th>{t('care.hits.hits')}</th>
                <th>{t('care.hits.last')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((h) => (
                <tr key={`${h.memberId}-${h.kind}-${h.period}`}>
                  <td>
                    <MemberLink memberId={h.memberId} phone={h.phone} /> {h.name}
                  </td>
                  <td>
                    {t(`care.kind.${h.kind}`)} / {t(`care.period.${h.period}`)}
                  </td>
                  <td className={ui.num}>{h.hits}</td>
                  <td>{when(h.lastAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
