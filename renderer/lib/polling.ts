/**
 * How often the screens that watch for new data ask again: the review list, the recent records
 * and the to-review queue (monitoring.md section 4), the organizations and the dashboard's open
 * events that processing opens.
 */
export const POLL_MS = 3000;
