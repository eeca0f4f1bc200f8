import Chip from '@mui/material/Chip';
import {
  BAND_COLORS,
  BAND_WORDS,
  bandOfPercent,
  type RejectionBand,
} from '../../../shared/domain/rejection-bands';
import { formatPercent } from '../../lib/format';

/** Rejection bands as words and colours, never colour alone (shared/domain/rejection-bands). */
function Band({ band, text }: { band: RejectionBand; text: string }) {
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
export function BandChip({ band }: { band: RejectionBand }) {
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
