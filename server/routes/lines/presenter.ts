import type { LineDto } from '../../../shared/api/lines';
import { nextValidationDate } from '../../../shared/api/validations';
import type { Line } from '../../entities/line';
import { isOutside, type LineBaseline } from './baseline';
import { statisticsOf, type IncludedRecord, type RejectionSettings } from './statistics';

/** Re-validation is advised from this many out-of-range records on (vial-data.md). */
export const OUT_OF_RANGE_FOR_REVALIDATION = 4;

export interface LineFacts {
  /** The line's included records. */
  records: IncludedRecord[];
  baseline: LineBaseline | undefined;
  settings: RejectionSettings;
  /** Today as YYYY-MM-DD. */
  today: string;
}

function validationFacts({ records, baseline, settings, today }: LineFacts) {
  if (!baseline) {
    return {
      validation: null,
      validation_statistics: null,
      out_of_range_count: 0,
      revalidation_recommended: false,
      revalidation_reason: null,
      next_validation_date: null,
    };
  }
  const range = baseline.range;
  const outOfRangeCount = range
    ? records.filter((r) => r.date > baseline.completedAt && isOutside(r.auc, range)).length
    : 0;
  const next = nextValidationDate(baseline.startDate);
  const reason =
    outOfRangeCount >= OUT_OF_RANGE_FOR_REVALIDATION
      ? ('out_of_range' as const)
      : today >= next
        ? ('baseline_due' as const)
        : null;
  return {
    validation: { validation_id: baseline.validationId, validation_start_date: baseline.startDate },
    validation_statistics: {
      ...statisticsOf(baseline.records, settings),
      validation_id: baseline.validationId,
      validation_name: baseline.validationName,
      validated: baseline.isBaseline,
      range,
    },
    out_of_range_count: outOfRangeCount,
    revalidation_recommended: reason !== null,
    revalidation_reason: reason,
    next_validation_date: next,
  };
}

export function presentLine(line: Line, facts: LineFacts): LineDto {
  return {
    id: line.id,
    name: line.name,
    description: line.description,
    length: line.length,
    is_hand_carried: line.isHandCarried,
    manufacturer: line.manufacturer,
    archived: line.archived,
    labels: (line.labels ?? [])
      .map((l) => ({ id: l.id, label: l.label, color: l.color }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    institute: line.instituteId,
    has_hemolysis: line.hasHemolysis,
    line_statistics: statisticsOf(facts.records, facts.settings),
    ...validationFacts(facts),
  };
}
