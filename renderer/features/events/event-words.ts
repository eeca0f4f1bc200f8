import type { EventStatus, MonitoringEventDto } from '../../../shared/api/events';
import { describeRule } from '../../../shared/domain/monitoring-rules';

export const STATUS_WORDS: Record<EventStatus, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  closed: 'Closed',
};

/** The rule's code, then the rule in words: '2_2s: 2 of 2 above +2 SD'. */
export const eventRuleText = ({ rule, side }: Pick<MonitoringEventDto, 'rule' | 'side'>) =>
  `${rule}: ${describeRule(rule, side)}`;

/**
 * Names an event's line from the institute's lines; a line the list does not hold (archived
 * since, or another page's) by its number.
 */
export function lineNamer(lines: readonly { id: number; name: string }[]) {
  const names = new Map(lines.map((l) => [l.id, l.name]));
  return (id: number) => names.get(id) ?? `#${id}`;
}
