import { includedRecordSql, isIncludedRecord, type IncludableRecord } from './included-record';

const included: IncludableRecord = {
  is_processed: true,
  exclude: false,
  hidden: false,
  test_run: false,
  no_run_error: false,
  short_run_error: false,
  flatline_error: false,
  auc: 420,
};

it('includes a processed, kept record with a VitalMetric and leaves out every other', () => {
  expect(isIncludedRecord(included)).toBe(true);
  expect(isIncludedRecord({ ...included, is_processed: false })).toBe(false);
  expect(isIncludedRecord({ ...included, exclude: true })).toBe(false);
  expect(isIncludedRecord({ ...included, flatline_error: true })).toBe(false);
  expect(isIncludedRecord({ ...included, auc: null })).toBe(false);
});

it('writes the same rule as SQL', () => {
  expect(includedRecordSql('r')).toBe(
    'r.is_processed AND NOT r.exclude AND NOT r.hidden AND NOT r.test_run AND NOT r.no_run_error ' +
      'AND NOT r.short_run_error AND NOT r.flatline_error AND r.auc IS NOT NULL',
  );
});
