import { counted, plural } from '../../../shared/domain/plural';

/**
 * The persistent warning of monitoring.md section 8, for `out_of_range_count` records: the
 * spec's '{n} Record(s) … is/are out of range' in the form the count takes.
 */
export const outOfRangeWarning = (n: number) =>
  `${counted(n, 'Record', 'Records')} assigned to a line ${plural(n, 'is', 'are')} out of range`;
