import { addDays, format } from 'date-fns';
import { CLINICAL_ANALYTE_INFO } from '../../../../shared/api/clinical-data';
import { DATE_FORMAT, formatNumber, formatPercent, MISSING } from '../../../lib/format';
import type { Analyte } from './../api/types';

/** An analyte's name and unit, as the clinical data screens write them. */
export const analyteName = (analyte: Analyte) => CLINICAL_ANALYTE_INFO[analyte].name;
export const analyteTab = (analyte: Analyte) => CLINICAL_ANALYTE_INFO[analyte].tab;
export const analyteUnit = (analyte: Analyte) => CLINICAL_ANALYTE_INFO[analyte].unit;

/** Decimals of an analyte's figures on screen: potassium in hundredths, the others in tenths. */
export const analyteDecimals = (analyte: Analyte) => (analyte === 'potassium' ? 2 : 1);

/** A figure in the analyte's unit, or in % on the percent scale. */
export const formatFigure = (
  value: number | null | undefined,
  analyte: Analyte,
  scale: 'absolute' | 'percent' = 'absolute',
) => (scale === 'percent' ? formatPercent(value) : formatNumber(value, analyteDecimals(analyte)));

/** An interval as '[lo, hi]', each end a figure (a dash where an end does not exist). */
export const formatInterval = (
  ci: readonly (number | null)[] | null | undefined,
  figure: (v: number | null | undefined) => string,
) => (ci ? `${figure(ci[0])} to ${figure(ci[1])}` : MISSING);

/** A slope with three decimals. */
export const formatSlope = (value: number | null | undefined) => formatNumber(value, 3);

/** A p-value with three decimals, '< 0.001' below that. */
export const formatP = (value: number | null | undefined) =>
  value !== null && value !== undefined && value < 0.001 ? '< 0.001' : formatNumber(value, 3);

/** The study's days: `date__lt` is the first day after it, so the last day shown is the one before. */
export function formatStudyDays(from: string, before: string): string {
  const day = (d: string) => new Date(`${d.slice(0, 10)}T00:00:00`);
  return `${format(day(from), DATE_FORMAT)} – ${format(addDays(day(before), -1), DATE_FORMAT)}`;
}

/** Confidence as a percentage without decimals, e.g. 0.95 → '95%'. */
export const formatConfidence = (confidence: number) => `${Math.round(confidence * 100)}%`;
