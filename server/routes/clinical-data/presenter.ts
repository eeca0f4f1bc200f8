import {
  CLINICAL_VALUE_FIELDS,
  type ClinicalDataDto,
  type ClinicalRecordRef,
  type ClinicalValueField,
  type RejectionModelDto,
} from '../../../shared/api/clinical-data';
import type { CalibratedModel } from '../../../shared/rejection/model';
import type { ClinicalData } from '../../entities/clinical-data';
import type { Line } from '../../entities/line';
import type { TransitRecord } from '../../entities/record';
import { presentLabels } from '../labels/presenter';

const lineRef = (line: Line | null) => (line ? { id: line.id, name: line.name } : null);

export function presentRecordRef(r: TransitRecord): ClinicalRecordRef {
  return {
    id: r.id,
    date: r.date.toISOString(),
    line: lineRef(r.line),
    auc: r.auc,
  };
}

const COLUMN_OF: Record<ClinicalValueField, (e: ClinicalData) => number | null> = {
  h_index: (e) => e.hIndex,
  h_index_baseline: (e) => e.hIndexBaseline,
  ldh: (e) => e.ldh,
  ldh_baseline: (e) => e.ldhBaseline,
  asat: (e) => e.asat,
  asat_baseline: (e) => e.asatBaseline,
  potassium: (e) => e.potassium,
  potassium_baseline: (e) => e.potassiumBaseline,
  pfhb: (e) => e.pfhb,
  pfhb_baseline: (e) => e.pfhbBaseline,
};

export function presentClinicalData(e: ClinicalData): ClinicalDataDto {
  const values = Object.fromEntries(
    CLINICAL_VALUE_FIELDS.map((f) => [f, COLUMN_OF[f](e)]),
  ) as Record<ClinicalValueField, number | null>;
  return {
    id: e.id,
    institute: e.instituteId,
    date: e.date,
    record: e.recordId,
    record_detail: e.record ? presentRecordRef(e.record) : null,
    line: e.lineId,
    line_detail: lineRef(e.entryLine ?? null),
    ...values,
    exclude_from_model: e.excludeFromModel,
    donor_sample: e.donorSample,
    labels: presentLabels(e.labels),
  };
}

/** The rejection model in use, with the number of entries calibration needs. */
export function presentRejectionModel(
  model: CalibratedModel,
  minEntries: number,
): RejectionModelDto {
  return {
    source: model.source,
    n: model.n,
    min_entries: minEntries,
    k: model.k,
    k_low: model.kLow,
    k_high: model.kHigh,
    mu: model.mu,
    sigma: model.sigma,
  };
}
