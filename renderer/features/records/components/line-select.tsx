import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ARCHIVED_LINE_LOCKED } from '../../../../shared/domain/record-line-rules';
import { useLineWord } from '../../institutes';
import { useLines } from '../../lines';

interface Props {
  instituteId: number;
  value: number | null;
  onChange: (lineId: number | null) => void;
  /** The record sits on an archived line: it cannot move (monitoring.md section 4). */
  locked?: boolean;
  allowNone?: boolean;
  label?: string;
  disabled?: boolean;
  /** Why the form cannot go on without a line, shown under the select. */
  error?: string;
}

/**
 * One line of the organization. Archived lines are listed (a record may sit on one) but cannot
 * be chosen. A small picker of the records feature; the lines feature may offer a richer one.
 */
export function LineSelect({
  instituteId,
  value,
  onChange,
  locked = false,
  allowNone = true,
  label,
  disabled,
  error,
}: Props) {
  const lines = useLines({ instituteId, ordering: 'name' });
  const word = useLineWord();
  return (
    <TextField
      select
      size="small"
      margin="dense"
      label={label ?? word.singular}
      value={lines.data?.items ? (value ?? '') : ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      disabled={disabled || locked}
      error={error !== undefined}
      helperText={locked ? ARCHIVED_LINE_LOCKED : error}
    >
      {allowNone && (
        <MenuItem value="">
          <em>No {word.lower}</em>
        </MenuItem>
      )}
      {lines.data?.items.map((line) => (
        <MenuItem key={line.id} value={line.id} disabled={line.archived}>
          {line.name}
          {line.archived ? ' (archived)' : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}
