import type { AnalyzerDto, AnalyzerPreview, RejectionResult } from '../../../shared/api/analyzer';
import type { AnalyzerSettings, RejectionCalculation } from '../../domain/analyzer/service';
import type { RejectionChanges } from '../../domain/rejection/service';

export function presentAnalyzer({ analyzer, thresholds }: AnalyzerSettings): AnalyzerDto {
  return {
    id: analyzer?.id ?? null,
    make: analyzer?.make ?? null,
    model: analyzer?.model ?? null,
    ldh_threshold: thresholds.ldh,
    asat_threshold: thresholds.asat,
    potassium_threshold: thresholds.potassium,
  };
}

export function presentRejection({
  settings,
  byAnalyte,
  model,
}: RejectionCalculation): RejectionResult {
  return {
    analyzer: presentAnalyzer(settings),
    ...byAnalyte,
    model: {
      source: model.source,
      n: model.n,
      mu: model.mu,
      sigma: model.sigma,
      k: model.k,
      k_low: model.kLow,
      k_high: model.kHigh,
    },
  };
}

export const presentAnalyzerPreview = ({
  records,
  reviewedRecords,
}: RejectionChanges): AnalyzerPreview => ({ records, reviewed_records: reviewedRecords });
