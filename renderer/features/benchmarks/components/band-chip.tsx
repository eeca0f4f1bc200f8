import Chip from '@mui/material/Chip';
import type { HemolysisBand, LineBand } from '../api/types';
import { HEMOLYSIS_BAND_LABELS, LINE_BAND_LABELS } from './words';

const LINE_COLORS = {
  satisfactory: 'success',
  questionable: 'warning',
  unsatisfactory: 'error',
} as const;
const HEMOLYSIS_COLORS = { high: 'success', medium: 'warning', low: 'error' } as const;

/** A line's z band (ISO 13528), in words and colour; nothing without a band. */
export const LineBandChip = ({ band }: { band: LineBand | null }) =>
  band === null ? null : (
    <Chip
      size="small"
      variant="outlined"
      color={LINE_COLORS[band]}
      label={LINE_BAND_LABELS[band]}
    />
  );

/** An indicator's IFCC band, in words and colour; nothing without a band. */
export const HemolysisBandChip = ({ band }: { band: HemolysisBand | null }) =>
  band === null ? null : (
    <Chip
      size="small"
      variant="outlined"
      color={HEMOLYSIS_COLORS[band]}
      label={HEMOLYSIS_BAND_LABELS[band]}
    />
  );
