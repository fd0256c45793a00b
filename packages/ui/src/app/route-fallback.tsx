import styles from './route-fallback.module.css';

/** Shown while the first screen's code and data load; deliberately text-free (i18n may still load). */
export function RouteFallback() {
  return (
    <div className={styles.fallback} role="status" aria-label="Loading">
      <span className={styles.spinner} aria-hidden="true" />
    </div>
  );
}
