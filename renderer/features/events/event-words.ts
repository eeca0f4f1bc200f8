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
