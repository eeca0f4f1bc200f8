import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useLineWord } from '../../institutes';
import { useLines } from '../../lines';

/** The line of a data set: required, among the organization's lines not archived. */
export function LineField({
  instituteId,
  value,
  onChange,
  error,
}: {
  instituteId: number;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const word = useLineWord();
  const lines = useLines({ instituteId, archived: false, ordering: 'name' });
  return (
    <TextField
      select
      fullWidth
      required
      label={word.singular}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error}
    >
      {(lines.data?.items ?? []).map((l) => (
        <MenuItem key={l.id} value={String(l.id)}>
          {l.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
