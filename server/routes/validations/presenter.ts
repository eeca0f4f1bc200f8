import { In, type EntityManager } from 'typeorm';
import {
  nextValidationDate,
  validationEndDate,
  type ValidationDto,
} from '../../../shared/api/validations';
import { Report } from '../../entities/report';
import type { Validation } from '../../entities/validation';
import { downloadUrl } from '../reports/presenter';

export function presentValidation(v: Validation, latestReport: Report | undefined): ValidationDto {
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

/** Validations with their latest report each, in one query for the reports. */
export async function presentValidations(manager: EntityManager, validations: Validation[]) {
  const reports = validations.length
    ? await manager
        .getRepository(Report)
        .find({ where: { validationId: In(validations.map((v) => v.id)) }, order: { id: 'ASC' } })
    : [];
  const latest = new Map(reports.map((r) => [r.validationId, r]));
  return validations.map((v) => presentValidation(v, latest.get(v.id)));
}
