import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/**
 * A dialog's CSV file: 'Choose CSV File', the chosen file's name ('No file chosen' before) and,
 * given one, the file's error below.
 */
export function CsvFileField({
  file,
  onChange,
  error,
  mt,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  /** The space above the button (theme spacing). */
  mt: number;
}) {
  const id = useId();
  return (
    <>
      <Button component="label" variant="outlined" htmlFor={id} sx={{ mt }}>
        Choose CSV File
        <input
          id={id}
          hidden
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          onChange={(ev) => onChange(ev.target.files?.[0] ?? null)}
        />
      </Button>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {file?.name ?? 'No file chosen'}
      </Typography>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </>
  );
}
