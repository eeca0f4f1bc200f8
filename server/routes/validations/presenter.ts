import {
  nextValidationDate,
  validationEndDate,
  type ValidationDto,
} from '../../../shared/api/validations';
import type { ValidationView } from '../../domain/validations/service';
import { downloadUrl } from '../reports/presenter';

export function presentValidation({ validation: v, latestReport }: ValidationView): ValidationDto {
  return {
    id: v.id,
    name: v.name,
    institute: v.instituteId,
    start_date: v.startDate,
    end_date: validationEndDate(v.startDate, v.durationDays),
    duration_days: v.durationDays,
    baseline: v.baseline,
    lines: (v.lines ?? []).map((l) => l.id).sort((a, b) => a - b),
    status: v.status,
    completed_at: v.completedAt?.toISOString() ?? null,
    next_validation_date: nextValidationDate(v.startDate),
    generate_report: v.generateReport,
    report: latestReport
      ? { id: latestReport.id, download_url: downloadUrl(latestReport.id) }
      : null,
  };
}
