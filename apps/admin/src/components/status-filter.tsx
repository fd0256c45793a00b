import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SelectField } from '@jetton/ui/components/select-field';
import ui from '@admin/components/ui.module.css';

/**
 * A list's status select, each status named from `<section>.status.<value>`:
 * the toolbar of the money desk's lists.
 */
export function StatusFilter<S extends string>(props: {
  statuses: readonly S[];
  section: string;
  value: string;
  onChange: (status: S) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={ui.toolbar}>
      <SelectField label={t('filters.status')} value={props.value} onChange={(event) => props.onChange(event.target.value as S)}>
        {props.statuses.map((value: string) => (
          <option key={value} value={value}>
            {t(`${props.section}.status.${value}`)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** The member a row belongs to: their phone, or the start of their id, linking to their page. */
export function MemberLink(props: { memberId: string; phone?: string | null }) {
  return <Link to={`/members/${props.memberId}`}>{props.phone ?? props.memberId.slice(0, 8)}</Link>;
}
