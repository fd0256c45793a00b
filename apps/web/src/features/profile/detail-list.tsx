import styles from './profile-screen.module.css';

type Detail = {
  label: string;
  value: string;
  /** Digits and codes: tabular numerals and no machine translation. */
  latin?: boolean;
};

/** Label/value rows as a description list, so each value is read with its label. */
export function DetailList({ items }: { items: Detail[] }) {
  return (
    <dl className={styles.list}>
      {items.map((item) => (
        <div key={item.label} className={styles.row}>
          <dt className={styles.label}>{item.label}</dt>
          <dd className={item.latin ? styles.latinValue : styles.value} translate={item.latin ? 'no' : undefined}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
