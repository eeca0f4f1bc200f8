import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/**
 * The filter fields of a list whose filters live in the address (the events list, the Audit
 * Log): `onChange` gets the new value, or null for "any".
 */
interface FilterSelectProps {
  label: string;
  value: string;
  /** [value, text] of each choice; "All" comes first. */
  options: [string, string][];
  onChange: (value: string | null) => void;
}

export function FilterSelect({ label, value, options, onChange }: FilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      margin="none"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value || null)}
      sx={{ width: 200 }}
    >
      <MenuItem value="">All</MenuItem>
      {options.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface FilterDayProps {
  label: string;
  value: string;
  /** Why the day is refused (a range that ends before it starts), shown under the field. */
  error?: string;
  onChange: (value: string | null) => void;
}

/** A calendar day of a date range filter. */
export function FilterDayField({ label, value, error, onChange }: FilterDayProps) {
  return (
    <TextField
      type="date"
      size="small"
      fullWidth={false}
      margin="none"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value || null)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
