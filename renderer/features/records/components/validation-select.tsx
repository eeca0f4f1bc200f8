import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { VALIDATION_MESSAGES } from '../../../../shared/api/validations';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { useValidations } from '../../validations';

interface Props {
  instituteId: number;
  lineId: number | null;
  value: number | null;
  onChange: (validationId: number | null) => void;
  disabled?: boolean;
}

/** A record can join only an in-progress validation of its line (monitoring.md section 4). */
export function ValidationSelect({ instituteId, lineId, value, onChange, disabled }: Props) {
  const validations = useValidations({
    // Without a line there is nothing to join: no request.
    instituteId: lineId === null ? null : instituteId,
    line_id: lineId ?? undefined,
    status: 'inprogress',
    size: FULL_LIST_SIZE,
  });
  const options = validations.data?.items ?? [];
  const none = lineId !== null && validations.isSuccess && options.length === 0;
  // A validation that completed since keeps showing by id until the user changes it.
  const known = value === null || options.some((v) => v.id === value);
  return (
    <TextField
      select
      size="small"
      margin="dense"
      label="Validation"
      value={validations.data && known ? (value ?? '') : ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      disabled={disabled || lineId === null || none}
      helperText={none ? VALIDATION_MESSAGES.noneInProgress : undefined}
    >
      <MenuItem value="">
        <em>No validation</em>
      </MenuItem>
      {options.map((v) => (
        <MenuItem key={v.id} value={v.id}>
          {v.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
