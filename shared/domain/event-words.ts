import { describeRule, isAlarm, type MonitoringRule, type RuleSide } from './monitoring-rules';

/**
 * An event's statuses and how screens and exports word them, apart from the events' schemas:
 * the dashboard's events card names them without building every schema of the API (issue 21).
 */

/** An event's life (line-monitoring.md §3): open → acknowledged → closed, or open → closed. */
export const EVENT_STATUSES = ['open', 'acknowledged', 'closed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** How the events list names a status. */
export const EVENT_STATUS_WORDS: Record<EventStatus, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  closed: 'Closed',
};

/** The rule's code, then the rule in words: '2_2s: 2 of 2 above +2 SD'. */
export const eventRuleText = ({ rule, side }: { rule: MonitoringRule; side: RuleSide }) =>
  `${rule}: ${describeRule(rule, side)}`;

/**
 * What came of a firing on the chart, by the server's rules (line-monitoring.md §3): a warning
 * opens no event; an alarm opens one for its (line, rule) when its run enters the sequence, or is
 * counted on the one already open or acknowledged; an alarm the chart shows that was not raised
 * when its run entered (a new baseline, or runs before it added or removed since) reached none.
 */
export type FiringOutcome = 'warning' | 'opened' | 'counted' | 'not_raised';

export function firingOutcome(
  rule: MonitoringRule,
  event: { opened: boolean } | null,
): FiringOutcome {
  if (!isAlarm(rule)) return 'warning';
  if (!event) return 'not_raised';
  return event.opened ? 'opened' : 'counted';
}

/** Each outcome in words. */
export const FIRING_OUTCOME_WORDS: Record<FiringOutcome, string> = {
  warning: 'A warning: it shows on the chart and opens no event.',
  opened: 'Opened this event.',
  counted: 'Counted on the event already open for this rule (one at a time until it is closed).',
  not_raised:
    'No event: events open only when a run enters the sequence, and this alarm was not raised then. Since, the baseline has changed (a new one re-judges the chart but opens no events) or runs before it were added or removed.',
};

/** The app's path to an event: its line's Monitoring view, scrolled to the event. */
export const eventPath = (lineId: number, eventId: number) =>
  `/line/${lineId}/monitoring?event=${eventId}`;
