import type { RecordDto } from '../../../../shared/api/records';
import { REVIEWED, TO_REVIEW, useRecords } from './get-records';

/** A record's neighbours in its list; undefined at either end, or while they load. */
export interface RecordNeighbours {
  /** The newer record, the one above it in the list. */
  previous?: RecordDto;
  /** The older record, below it: where a review moves on to. */
  next?: RecordDto;
}

/**
 * The records beside one in the list it belongs to, as the lists open (newest first, excluded
 * records left out): the review queue for a record to review, else the reviewed records.
 */
export function useRecordNeighbours(record: RecordDto): RecordNeighbours {
  const list = { ...(record.is_reviewed ? REVIEWED : TO_REVIEW), exclude: false };
  const older = useRecords(record.institute, {
    ...list,
    date__lt: record.date,
    ordering: '-date',
    size: 1,
  });
  // From its own date on, itself included: one more than needed.
  const newer = useRecords(record.institute, {
    ...list,
    date__gte: record.date,
    ordering: 'date',
    size: 2,
  });
  const settled = (query: typeof older) => (query.isPlaceholderData ? undefined : query.data);
  return {
    previous: settled(newer)?.items.find((r) => r.id !== record.id),
    next: settled(older)?.items[0],
  };
}
