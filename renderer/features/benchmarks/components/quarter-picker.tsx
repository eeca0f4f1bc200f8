import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { recentQuarters } from '../../../../shared/benchmarking/quarters';

interface Props {
  /** The quarter shown (the answer's, so the default quarter is selected too). */
  value: string | null;
  onChange: (quarter: string) => void;
  /** The zone whose quarters are offered: the institute's, UTC on the staff overview. */
  timeZone: string;
}

/** The current quarter and the 8 before it, newest first (section 9). */
export function QuarterPicker({ value, onChange, timeZone }: Props) {
  const quarters = useMemo(() => recentQuarters(Date.now(), timeZone), [timeZone]);
  return (
    <TextField
      select
      size="small"
      label="Quarter"
      value={value !== null && quarters.includes(value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      fullWidth={false}
      sx={{ width: 160 }}
    >
      {quarters.map((q) => (
        <MenuItem key={q} value={q}>
          {q}
        </MenuItem>
      ))}
    </TextField>
  );
}
