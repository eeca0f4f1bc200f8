import type { SetOffDto } from '../../../shared/api/records';
import { eventRuleText } from '../../../shared/domain/event-words';
import { counted } from '../../../shared/domain/plural';

type Notified = SetOffDto['notified'][number];

/** How a notification reached a person: 'in app and e-mail', 'e-mail digest'. */
function how({ in_app, email }: Notified): string {
  const mail = { off: null, immediate: 'e-mail', digest: 'daily e-mail digest' }[email];
  return [in_app ? 'in app' : null, mail].filter(Boolean).join(' and ');
}

/** '4 monitoring events on Line Drift: 1_3s: 1 above +3 SD; …' */
function eventsOn(events: SetOffDto['events'], what: string): string {
  const lines = [...new Set(events.map((e) => e.line.name))].join(', ');
  const rules = events.map(eventRuleText).join('; ');
  return `${what} ${counted(events.length, 'monitoring event', 'monitoring events')} on ${lines}: ${rules}.`;
}

/**
 * What a save set off in monitoring, in words (issue 44): the events it opened and those it
 * added a firing to, and who was told and how; null when it set off nothing.
 */
export function setOffWords({ events, notified }: SetOffDto): string | null {
  if (!events.length) return null;
  const opened = events.filter((e) => e.opened);
  const added = events.filter((e) => !e.opened);
  return [
    opened.length ? eventsOn(opened, 'This save opened') : null,
    added.length ? eventsOn(added, 'It added a firing to') : null,
    notified.length
      ? `Notified: ${notified.map((n) => `${n.name} (${how(n)})`).join(', ')}.`
      : 'No one was notified.',
  ]
    .filter(Boolean)
    .join(' ');
}
