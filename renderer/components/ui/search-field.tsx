import TextField from '@mui/material/TextField';

interface SearchFieldProps {
  label: string;
  /** The search as the address holds it; the field starts from it. */
  value: string;
  /** Called with the trimmed text at every keystroke. */
  onChange: (value: string) => void;
  width: number;
}

/**
 * The search box of a table's toolbar. Uncontrolled, so the spaces a user types between words
 * stay in the field while the trimmed search goes to the address.
 */
export function SearchField({ label, value, onChange, width }: SearchFieldProps) {
  return (
    <TextField
      label={label}
      size="small"
      fullWidth={false}
      // In line with the toolbar's other fields and buttons (issue 44: 16 px off in the Audit Log).
      margin="none"
      sx={{ width }}
      type="search"
      defaultValue={value}
      onChange={(e) => onChange(e.target.value.trim())}
    />
  );
}
