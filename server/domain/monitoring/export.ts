import type { DataSource } from 'typeorm';
import type { EventListQuery } from '../../../shared/api/events';
import { EVENT_STATUS_WORDS, eventRuleText } from '../../../shared/domain/event-words';
import { lineWord } from '../../../shared/domain/line-word';
import type { AuthUser } from '../../auth/auth-user';
import { cursorBatches } from '../exports/cursor';
import {
  ISO_INSTANT_SQL_FORMAT,
  type ExportCell,
  type ExportColumn,
  type ExportTable,
} from '../exports/table';
import { getInstitute } from '../institutes/service';
import { eventExportQuery, type EventExportRow } from './events-repository';

/** The events list's columns, named as the screen shows them. */
function eventColumns(line: string): ExportColumn[] {
  return [
    { header: 'Opened', type: 'instant', width: 20 },
    { header: line, type: 'text', width: 24 },
    { header: 'Rule', type: 'text', width: 32 },
    { header: 'Status', type: 'text', width: 14 },
    { header: 'Occurrences', type: 'number', decimals: 0 },
    { header: 'Last Record', type: 'number', decimals: 0 },
    { header: 'Resolution', type: 'text', width: 40 },
  ];
}

const eventCells = (r: EventExportRow): ExportCell[] => [
  r.opened_at,
  r.line,
  eventRuleText(r),
  EVENT_STATUS_WORDS[r.status],
  r.occurrences,
  r.last_record,
  r.resolution,
];

/**
 * The events list with its filters and order, every page of it, for a download: the list's
 * permissions (another institute's answers 404), opening instants in the institute's time zone,
 * rows streamed through a cursor.
 */
export async function exportEvents(
  { db }: { db: DataSource },
  user: AuthUser,
  instituteId: number,
  q: EventListQuery,
): Promise<ExportTable> {
  const institute = await getInstitute({ db }, user, instituteId);
  const [sql, parameters] = eventExportQuery(db.manager, instituteId, q, ISO_INSTANT_SQL_FORMAT);
  const rows = cursorBatches<EventExportRow>(db, sql, parameters, institute.timezone);
  return {
    instituteId: institute.id,
    filters: q,
    name: `events-${institute.id}`,
    title: 'Events',
    columns: eventColumns(lineWord(institute.metadataType).singular),
    batches: (async function* () {
      for await (const batch of rows) yield batch.map(eventCells);
    })(),
  };
}
