import type { EntityManager } from 'typeorm';
import { includedRecordSql } from '../../../shared/domain/included-record';

/** One record of a line's monitoring sequence. */
export interface SequenceRow {
  id: number;
  date: Date;
  auc: number;
}

/**
 * The line's monitoring sequence (line-monitoring.md §1): its included records dated after its
 * baseline validation's completion, by date then id. Compared in SQL, so neither side loses the
 * microseconds a timestamp may carry; the (line, date, id) index gives the order.
 */
export const sequenceRows = (
  manager: EntityManager,
  lineId: number,
  baselineValidationId: number,
): Promise<SequenceRow[]> =>
  manager.query(
    `SELECT r.id, r.date, r.auc FROM records r JOIN validations v ON v.id = $2
     WHERE r.line_id = $1 AND r.date > v.completed_at AND ${includedRecordSql('r')}
     ORDER BY r.date, r.id`,
    [lineId, baselineValidationId],
  );
