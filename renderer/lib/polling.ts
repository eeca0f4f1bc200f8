/**
 * How often the screens that watch for new data ask again: the review list, the recent records
 * and the to-review queue (monitoring.md section 4), the organizations, the dashboard's open
 * events that processing opens and the bell's unread notifications.
 */
export const POLL_MS = 3000;
