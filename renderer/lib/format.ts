import { format } from 'date-fns';

/**
 * Numbers and dates the way the spec writes them (monitoring.md section 9): VitalMetric with no
 * decimals, temperatures with one, probabilities as percentages with one, dates 'dd MMM yyyy'.
 * Metric formatters give the bare figure (tables put the unit in the column header); the
 * `…WithUnit` ones append it for free text. Missing values read as a dash.
 */
export const DATE_FORMAT = 'dd MMM yyyy';
export const DATE_TIME_FORMAT = 'dd MMM yyyy HH:mm';
export const MISSING = '—';

type Maybe = number | null | undefined;
type DateLike = string | number | Date | null | undefined;

const dated = (value: DateLike, pattern: string) => {
  if (value === null || value === undefined || value === '') return MISSING;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? MISSING : format(date, pattern);
};

export const formatDate = (value: DateLike) => dated(value, DATE_FORMAT);
export const formatDateTime = (value: DateLike) => dated(value, DATE_TIME_FORMAT);

/** A file size in kB below a megabyte, in MB with one decimal above. */
export const formatBytes = (bytes: number): string =>
  bytes < 1e6 ? `${Math.round(bytes / 1e3)} kB` : `${(bytes / 1e6).toFixed(1)} MB`;

/** A figure with fixed decimals. */
export const formatNumber = (value: Maybe, decimals: number) =>
  value === null || value === undefined || Number.isNaN(value) ? MISSING : value.toFixed(decimals);

const withUnit = (value: Maybe, decimals: number, unit: string) => {
  const figure = formatNumber(value, decimals);
  return figure === MISSING ? MISSING : `${figure}${unit}`;
};

export const VITAL_METRIC_DECIMALS = 0;
export const TEMPERATURE_DECIMALS = 1;

/** VitalMetric (g·s) with no decimals, e.g. '245'. */
export const formatVitalMetric = (value: Maybe) => formatNumber(value, VITAL_METRIC_DECIMALS);
export const formatVitalMetricWithUnit = (value: Maybe) =>
  withUnit(value, VITAL_METRIC_DECIMALS, ' g·s');
/** Temperature (°C) with one decimal, e.g. '21.4'. */
export const formatTemperature = (value: Maybe) => formatNumber(value, TEMPERATURE_DECIMALS);
export const formatTemperatureWithUnit = (value: Maybe) =>
  withUnit(value, TEMPERATURE_DECIMALS, ' °C');
/** A figure already in percent, e.g. 3.24 → '3.2%'. */
export const formatPercent = (value: Maybe) => withUnit(value, 1, '%');
/** A probability as a fraction in [0, 1], e.g. 0.0324 → '3.2%'. */
export const formatFraction = (value: Maybe) =>
  formatPercent(value === null || value === undefined ? value : value * 100);
export const formatAccelerationWithUnit = (value: Maybe) => withUnit(value, 2, ' g');

/** Seconds as '45 s', '2 min 05 s' or '1 h 02 min'. */
export function formatDuration(seconds: Maybe): string {
  if (seconds === null || seconds === undefined) return MISSING;
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}
