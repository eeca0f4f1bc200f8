import { EVENT_STATUS_WORDS, eventRuleText } from '../../../shared/domain/event-words';

/** The words of the events list, shared with its export (server/domain/monitoring/export.ts). */
export const STATUS_WORDS = EVENT_STATUS_WORDS;
export { eventRuleText };

/**
 * Names an event's line from the institute's lines; a line the list does not hold (archived
 * since, or another page's) by its number.
 */
export function lineNamer(lines: readonly { id: number; name: string }[]) {
  const names = new Map(lines.map((l) => [l.id, l.name]));
  return (id: number) => names.get(id) ?? `#${id}`;
}
