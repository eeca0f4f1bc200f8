import type {
  ComparisonResultsDto,
  ComparisonStudyDto,
  ExclusionDto,
} from '../../../shared/api/comparison-studies';
import type { StudyExclusion } from '../../domain/comparison-studies/groups';
import type { ResultsView, StudyView } from '../../domain/comparison-studies/service';
import type { ComparisonStudy } from '../../entities/comparison-study';

const userOf = (id: number | null, name: string | null) => (name === null ? null : { id, name });

export const presentExclusion = (e: StudyExclusion): ExclusionDto => ({
  id: e.id,
  clinical_data: e.clinicalDataId,
  analyte: e.analyte,
  reason: e.reason,
  created_by: userOf(e.createdById, e.createdByName),
  created_at: e.createdAt,
});

const authorOf = (s: ComparisonStudy) => ({
  created_by: userOf(s.createdById, s.createdByName),
  approved_by: s.approvedByName === null ? null : userOf(s.approvedById, s.approvedByName),
  approved_at: s.approvedAt?.toISOString() ?? null,
});

export function presentStudy({ study: s, exclusions, verdicts }: StudyView): ComparisonStudyDto {
  const { created_by, approved_by, approved_at } = authorOf(s);
  return {
    id: s.id,
    institute: s.instituteId,
    name: s.name,
    line_ids: s.lineIds,
    date__gte: s.dateGte,
    date__lt: s.dateLt,
    labels: s.labelIds,
    confidence: s.confidence,
    error_ratio: s.errorRatio,
    analytes: s.analytes,
    status: s.status,
    created_by,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
    approved_by,
    approved_at,
    exclusions: exclusions.map(presentExclusion),
    verdicts,
  };
}

export const presentResults = ({
  study,
  computedAt,
  groups,
}: ResultsView): ComparisonResultsDto => ({
  study: study.id,
  status: study.status,
  computed_at: computedAt,
  ...authorOf(study),
  groups,
});
