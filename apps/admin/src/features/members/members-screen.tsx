import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@jetton/ui/components/button';
import { TextField } from '@jetton/ui/components/text-field';
import { formatAccountNumber } from '@jetton/ui/lib/format';
import { Notice } from '@admin/components/notice';
import { DataTable } from '@admin/components/data-table';
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
        <DataTable
          caption={t('members.results', { count: rows.length })}
          headings={[
            t('members.memberNo'),
            t('members.name'),
            t('members.phone'),
            t('columns.bank'),
            t('columns.status'),
            t('members.registered'),
          ]}
          isEmpty={search.isSuccess && rows.length === 0}
          empty={t('members.none')}
        >
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
        </DataTable>
      )}
    </div>
  );
}
