/** The processing flags a record can carry and the words screens and exports show for them. */
export const RECORD_FLAGS = [
  ['short_run_error', 'Short run'],
  ['flatline_error', 'Flatline'],
  ['no_run_error', 'No run'],
] as const;
