import { addDays, format } from 'date-fns';
import type { Analyte, ComparisonStudyCreate, Criterion } from '../api/types';

/**
 * What the study form holds: text as typed (numbers are parsed on submit, so a half-typed
 * '0.' stays on screen), the last day of the study (the API's `date__lt` is the day after it).
 */
export interface CriterionValues {
  type: Criterion['type'];
  scale: 'absolute' | 'percent';
  limit: string;
  cvi: string;
  cvg: string;
  level: 'optimum' | 'desirable' | 'minimum';
  cva: string;
  z: '1.65' | '1.96';
}

export interface AnalyteValues {
  analyte: Analyte;
  criterion: CriterionValues;
  /** Comma-separated values in the analyte's unit. */
  decision_levels: string;
}

export interface StudyFormValues {
  name: string;
  line_ids: number[];
  date__gte: string;
  /** The last day included (the form's words); sent as the day after it. */
  last_day: string;
  labels: number[];
  confidence: '0.9' | '0.95' | '0.99';
  error_ratio: string;
  analytes: AnalyteValues[];
}

export const emptyCriterion = (): CriterionValues => ({
  type: 'biological_variation',
  scale: 'percent',
  limit: '',
  cvi: '',
  cvg: '',
  level: 'desirable',
  cva: '',
  z: '1.96',
});

export const emptyAnalyte = (analyte: Analyte): AnalyteValues => ({
  analyte,
  criterion: emptyCriterion(),
  decision_levels: '',
});

export const emptyStudy = (): StudyFormValues => ({
  name: '',
  line_ids: [],
  date__gte: '',
  last_day: '',
  labels: [],
  confidence: '0.95',
  error_ratio: '1',
  analytes: [emptyAnalyte('potassium')],
});

/** A typed number, or the text itself when it is none (the schema then names the problem). */
const number = (text: string): number | string => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
};

/** The criterion as the API takes it: only its type's fields. */
export function criterionBody(c: CriterionValues): Criterion {
  switch (c.type) {
    case 'allowable_bias':
      return { type: c.type, scale: c.scale, limit: number(c.limit) } as Criterion;
    case 'biological_variation':
      return { type: c.type, cvi: number(c.cvi), cvg: number(c.cvg), level: c.level } as Criterion;
    case 'rcv':
      return { type: c.type, cva: number(c.cva), cvi: number(c.cvi), z: Number(c.z) } as Criterion;
  }
}

/** The criterion if every field parses, for computing its limit as the user types. */
export function typedCriterion(c: CriterionValues): Criterion | null {
  const body = criterionBody(c) as unknown as Record<string, unknown>;
  const numbersOk = Object.entries(body).every(
    ([key, value]) => ['type', 'scale', 'level'].includes(key) || typeof value === 'number',
  );
  return numbersOk ? (body as unknown as Criterion) : null;
}

const dayAfter = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day)
    ? format(addDays(new Date(`${day}T00:00:00`), 1), 'yyyy-MM-dd')
    : day;

/** The request body the form's values make (the shared schema then checks it). */
export function studyBody(values: StudyFormValues): ComparisonStudyCreate {
  return {
    name: values.name.trim(),
    line_ids: values.line_ids,
    date__gte: values.date__gte,
    date__lt: dayAfter(values.last_day),
    labels: values.labels,
    confidence: Number(values.confidence) as ComparisonStudyCreate['confidence'],
    error_ratio: number(values.error_ratio) as number,
    analytes: values.analytes.map((a) => ({
      analyte: a.analyte,
      criterion: criterionBody(a.criterion),
      decision_levels: a.decision_levels
        .split(/[;,\s]+/)
        .map((t) => t.trim())
        .filter(Boolean)
        .map((t) => number(t) as number),
    })),
  };
}
