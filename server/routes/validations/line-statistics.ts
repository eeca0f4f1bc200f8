import type { EntityManager } from 'typeorm';
import type { ValidationLineStats } from '../../../shared/api/validations';
import type { Validation } from '../../entities/validation';
import { groupBy, includedRecords, rejectionSettings, statisticsOf } from '../lines/statistics';

/** Statistics of the validation's included records per line, in line-name order. */
export async function validationLineStatistics(
  manager: EntityManager,
  validation: Validation,
): Promise<ValidationLineStats[]> {
  const [settings, records] = await Promise.all([
    rejectionSettings(manager, validation.instituteId),
    includedRecords(manager, {
      lineIds: validation.lines.map((l) => l.id),
      validationId: validation.id,
    }),
  ]);
  const byLine = groupBy(records, (r) => r.lineId);
  return [...validation.lines]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((line) => {
      const stats = statisticsOf(byLine.get(line.id) ?? [], settings);
      return {
        line_id: line.id,
        line_name: line.name,
        line_length: line.length,
        record_count: stats.record_count,
        auc: stats.auc,
      };
    });
}
