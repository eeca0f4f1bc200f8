import type { ValidationLineStats } from '../../shared/api/validations';
import { ACCEPTABLE_LIMIT, LOW_LIMIT } from '../../shared/domain/rejection-bands';

/** A line as the report shows it: its statistics over the validation's records. */
export interface ReportLine {
  name: string;
  stats: Pick<ValidationLineStats, 'record_count' | 'auc'>;
}

/** The rejection band limits (shared/domain/rejection-bands.ts) in percent, for texts and charts. */
export const LOW_PERCENT = 100 * LOW_LIMIT;
export const ACCEPTABLE_PERCENT = 100 * ACCEPTABLE_LIMIT;
