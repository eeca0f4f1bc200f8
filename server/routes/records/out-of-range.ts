import type { EntityManager } from 'typeorm';
import type { RecordDto } from '../../../shared/api/records';
import type { TransitRecord } from '../../entities/record';

/**
 * Each record's `out_of_range` against its line's validated range (vial-data.md, "Line range and
 * statistics"). Lines get validated ranges from completed validations; until a record's line has
 * one, the record has no range to be out of, and the answer is null.
 */
export async function outOfRangeOf(
  _manager: EntityManager,
  records: TransitRecord[],
): Promise<Map<number, RecordDto['out_of_range']>> {
  return new Map(records.map((r) => [r.id, null]));
}
