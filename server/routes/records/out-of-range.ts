import type { EntityManager } from 'typeorm';
import type { RecordDto } from '../../../shared/api/records';
import type { TransitRecord } from '../../entities/record';
import { baselinesOf, isOutside } from '../lines/baseline';

/**
 * Each record's `out_of_range` against its line's validated range (vial-data.md, "Line range and
 * statistics"). Lines get validated ranges from completed validations; until a record's line has
 * one (with more than 2 included records), the record has no range to be out of, and the answer
 * is null. One query for all the lines of the page.
 */
export async function outOfRangeOf(
  manager: EntityManager,
  records: TransitRecord[],
): Promise<Map<number, RecordDto['out_of_range']>> {
  const lineIds = [
    ...new Set(records.flatMap((r) => (r.lineId !== null && r.auc !== null ? [r.lineId] : []))),
  ];
  const baselines = await baselinesOf(manager, lineIds);
  return new Map(
    records.map((r) => {
      const range = r.lineId !== null ? baselines.get(r.lineId)?.range : undefined;
      if (!range || r.auc === null) return [r.id, null];
      const baseline = baselines.get(r.lineId!)!;
      return [
        r.id,
        {
          value: r.auc,
          validated: baseline.isBaseline,
          range,
          out_of_range: isOutside(r.auc, range),
        },
      ];
    }),
  );
}
