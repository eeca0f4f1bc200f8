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

/**
 * The two kinds of field bound to the address's filters (`useUrlFilters`): a choice of `key`, and
 * a day of the range `from`–`to` with its refusal from `errors`.
 */
export function urlFilterFields(
  params: URLSearchParams,
  setFilter: (key: string, value: string | null) => void,
  errors: { from?: string; to?: string },
) {
  return {
    select: (key: string, label: string, value: string, options: [string, string][]) => (
      <FilterSelect
        label={label}
        value={value}
        options={options}
        onChange={(v) => setFilter(key, v)}
      />
    ),
    dayField: (key: 'from' | 'to', label: string) => (
      <FilterDayField
        label={label}
        value={params.get(key) ?? ''}
        error={errors[key]}
        onChange={(v) => setFilter(key, v)}
      />
    ),
  };
}
