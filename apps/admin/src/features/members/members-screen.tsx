import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@jetton/ui/components/button';
import { TextField } from '@jetton/ui/components/text-field';
import { formatAccountNumber } from '@jetton/ui/lib/format';
import { Notice } from '@admin/components/notice';
import ui from '@admin/components/ui.module.css';
import { when } from '@admin/lib/display';
import { errorText } from '@admin/lib/error-text';
import { formText } from '@admin/lib/form-text';
import { useMemberSearch } from './members-api';

/** Search by phone, name, member number or bank account number. */
export function MembersScreen() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const search = useMemberSearch(q);
  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setQ(formText(event.currentTarget, 'q'));
  };
  const rows = search.data?.members ?? [];
  return (
    <div className={ui.stack}>
      <form className={ui.toolbar} role="search" onSubmit={onSubmit}>
        <TextField name="q" label={t('members.search')} hint={t('members.searchHint')} autoComplete="off" spellCheck={false} />
        <Button type="submit" loading={search.isFetching}>
          {t('members.searchSubmit')}
        </Button>
      </form>
      {search.error && <Notice tone="danger">{errorText(t, search.error)}</Notice>}
      {q !== '' && (
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <caption>{t('members.results', { count: rows.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('members.memberNo')}</th>
                <th scope="col">{t('members.name')}</th>
                <th scope="col">{t('members.phone')}</th>
                <th scope="col">{t('columns.bank')}</th>
                <th scope="col">{t('columns.status')}</th>
                <th scope="col">{t('members.registered')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((member) => (
                <tr key={member.id}>
                  <td className={ui.mono}>
                    <Link to={`/members/${member.id}`}>{member.memberNo}</Link>
                  </td>
                  <td>
                    <Link to={`/members/${member.id}`}>{member.name}</Link>
                  </td>
                  <td>{member.phone}</td>
                  <td>
                    {member.bankCode} {formatAccountNumber(member.bankAccountNo)}
                  </td>
                  <td>
                    <span className={`${ui.badge} ${member.status === 'active' ? ui.badgeSuccess : ui.badgeDanger}`}>
                      {t(`members.status.${member.status}`)}
                    </span>
                  </td>
                  <td>{when(member.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {search.isSuccess && rows.length === 0 && <p className={ui.empty}>{t('members.none')}</p>}
        </div>
      )}
    </div>
  );
}
