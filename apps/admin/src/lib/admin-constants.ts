/** An operator who has not touched the page for this long is logged out (docs/operators.md, "The admin app"). */
export const ADMIN_IDLE_MS = 15 * 60_000;
/** The dashboard reads its figures again this often while it is open. */
export const DASHBOARD_REFRESH_MS = 30_000;
