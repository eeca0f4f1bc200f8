import Chip from '@mui/material/Chip';
import type { RejectionBandName } from '../../../shared/api/records';
import { rejectionBand as bandOfFraction } from '../../../shared/rejection/model';
import { formatPercent } from '../../lib/format';

/**
 * Rejection bands of monitoring.md section 9 as words and colours, never colour alone: below 3%
 * Low (green), 3 to 15% inclusive Acceptable (neutral), above 15% Substantial (orange).
 */
export const BAND_WORDS: Record<RejectionBandName, string> = {
  low: 'Low',
  acceptable: 'Acceptable',
  substantial: 'Substantial',
};

/** Hex colours of the bands, for chips, legends and chart bars alike (AA with white text). */
export const BAND_COLORS: Record<RejectionBandName, string> = {
  low: '#2E7D32',
  acceptable: '#546E7A',
  substantial: '#B45309',
};

/** The band of a probability given in percent (records' `metrics.rejection`). */
export const bandOfPercent = (percent: number): RejectionBandName => bandOfFraction(percent / 100);

function Band({ band, text }: { band: RejectionBandName; text: string }) {
  return (
    <Chip
      size="small"
      label={text}
      data-band={band}
      sx={{ bgcolor: BAND_COLORS[band], color: '#FFFFFF', fontWeight: 600 }}
    />
  );
}

/** A band alone, e.g. a line's performance. */
export function BandChip({ band }: { band: RejectionBandName }) {
  return <Band band={band} text={BAND_WORDS[band]} />;
}

/**
 * A probability as its band and percentage with 1 decimal, e.g. 'Acceptable 4.2%'. Give it in
 * percent (records) or as a fraction in [0, 1] (line and validation rates).
 */
export function RejectionChip({
  percent,
  fraction,
}: {
  percent?: number | null;
  fraction?: number | null;
}) {
  const value = percent ?? (fraction === null || fraction === undefined ? null : fraction * 100);
  if (value === null || value === undefined) return <>—</>;
  const band = bandOfPercent(value);
  return <Band band={band} text={`${BAND_WORDS[band]} ${formatPercent(value)}`} />;
}
