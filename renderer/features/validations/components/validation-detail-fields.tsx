import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { Controller, type Control } from 'react-hook-form';
import { MAX_DURATION_DAYS, MIN_DURATION_DAYS } from '../../../../shared/api/validations';
import { FormTextField } from '../../../components/ui/form-text-field';
import type { ValidationFormValues } from './validation-form';
import { counted } from '../../../../shared/domain/plural';

const DURATIONS = Array.from(
  { length: MAX_DURATION_DAYS - MIN_DURATION_DAYS + 1 },
  (_v, i) => MIN_DURATION_DAYS + i,
);

/** Name, start date, duration and baseline: shared by the wizard and the edit form. */
export function ValidationDetailFields({ control }: { control: Control<ValidationFormValues> }) {
  return (
    <Stack>
      <FormTextField
        control={control}
        name="name"
        label="Validation Name"
        required
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="start_date"
          label="Start Date"
          type="date"
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormTextField
          control={control}
          name="duration_days"
          label="Duration (days)"
          select
          required
        >
          {DURATIONS.map((d) => (
            <MenuItem key={d} value={d}>
              {counted(d, 'day', 'days')}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
      <Controller
        control={control}
        name="baseline"
        render={({ field }) => (
          <FormControlLabel
            label="Update Baseline"
            control={
              <Checkbox
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.target.checked)}
              />
            }
          />
        )}
      />
    </Stack>
  );
}
