import type { EntityManager } from 'typeorm';
import { eventPath } from '../../../shared/domain/event-words';
import {
  describeRule,
  type MonitoringRule,
  type RuleSide,
} from '../../../shared/domain/monitoring-rules';
import { notify, notifyOnce, type MailJobs, type Notified } from './service';

// The causes other areas report, in their own transaction: each builds the notification's words
// and link from the rows it names.

/** The app's paths to what notifications are about. */
export const links = {
  event: eventPath,
  lineMonitoring: (lineId: number) => `/line/${lineId}/monitoring`,
  validation: (validationId: number) => `/validation/${validationId}`,
  record: (recordId: number) => `/record/${recordId}`,
};

/** A monitoring event has opened (not: a firing added to one already open): who it notified. */
export async function eventOpened(
  manager: EntityManager,
  queue: MailJobs,
  event: { id: number; lineId: number; rule: MonitoringRule; side: RuleSide },
): Promise<Notified[]> {
  const [line]: { name: string; institute_id: number }[] = await manager.query(
    `SELECT name, institute_id FROM lines WHERE id = $1`,
    [event.lineId],
  );
  return notify(manager, queue, {
    kind: 'event_opened',
    instituteId: line.institute_id,
    title: `Alarm on ${line.name}: ${describeRule(event.rule, event.side)}`,
    link: links.event(event.lineId, event.id),
    lineId: event.lineId,
    eventId: event.id,
  });
}

/** An in-progress validation has no records left to collect: once per validation. */
export async function validationReady(
  manager: EntityManager,
  queue: MailJobs,
  validation: { id: number; name: string; instituteId: number },
) {
  await notifyOnce(manager, queue, `validation:${validation.id}`, {
    kind: 'validation_ready',
    instituteId: validation.instituteId,
    title: `Validation ${validation.name} has all its records: it can be completed`,
    link: links.validation(validation.id),
    validationId: validation.id,
  });
}

/** An uploaded run could not be processed, for good (the record now says why). */
export async function processingFailed(
  manager: EntityManager,
  queue: MailJobs,
  record: { id: number; instituteId: number; fileName: string | null; vialLabel: string | null },
) {
  const run = record.fileName ?? `record ${record.id}`;
  const vial = record.vialLabel ? ` of vial ${record.vialLabel}` : '';
  await notify(manager, queue, {
    kind: 'processing_failed',
    instituteId: record.instituteId,
    title: `The run ${run}${vial} could not be processed`,
    link: links.record(record.id),
    recordId: record.id,
  });
}
