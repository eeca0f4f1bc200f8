import { describeRule, type MonitoringRule, type RuleSide } from './monitoring-rules';

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
