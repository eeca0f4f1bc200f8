import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { Controller, type Control } from 'react-hook-form';
import { z } from 'zod';
import type { RecordDto } from '../../../../shared/api/records';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useInstitutes } from '../../institutes';

export const INSTITUTE_REQUIRED = 'You must assign an institute to a record';

/** The staff-only fields of a record (monitoring.md section 6). */
export const staffFields = z.object({
  /** datetime-local text in the browser's zone. */
  date: z.string().min(1, 'Date is required.'),
  hidden: z.boolean(),
  institute: z
    .number()
    .nullable()
    .refine((v): boolean => v !== null, INSTITUTE_REQUIRED),
  test_run: z.boolean(),
  short_run_error: z.boolean(),
  flatline_error: z.boolean(),
  no_run_error: z.boolean(),
});
export type StaffFields = z.infer<typeof staffFields>;

const FLAGS = [
  ['hidden', 'Hidden'],
  ['test_run', 'Test Run'],
  ['short_run_error', 'Short Run'],
  ['flatline_error', 'Flatline'],
  ['no_run_error', 'No Run'],
] as const;

export const staffValuesOf = (record: RecordDto): StaffFields => ({
  date: format(new Date(record.date), "yyyy-MM-dd'T'HH:mm"),
  hidden: record.hidden,
  institute: record.institute,
  test_run: record.test_run,
  short_run_error: record.metrics?.short_run_error ?? false,
  flatline_error: record.metrics?.flatline_error ?? false,
  no_run_error: record.metrics?.no_run_error ?? false,
});

/** Only what the staff member changed goes to the server: a moved institute moves the record. */
export function changedStaffFields(before: StaffFields, after: StaffFields) {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof StaffFields)[]) {
    if (after[key] !== before[key]) changed[key] = after[key];
  }
  if ('date' in changed) changed.date = new Date(after.date).toISOString();
  return changed;
}

/** The fields inside a form whose values carry them under `staff`. */
export function StaffOptions({ control }: { control: Control<{ staff?: StaffFields }> }) {
  const institutes = useInstitutes(false);
  return (
    <Accordion disableGutters variant="outlined" sx={{ mt: 1 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="subtitle2">Staff Options</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <FormTextField
          control={control}
          name="staff.date"
          label="Date"
          type="datetime-local"
          size="small"
          margin="dense"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Controller
          control={control}
          name="staff.institute"
          render={({ field, fieldState }) => (
            <TextField
              select
              size="small"
              margin="dense"
              label="Organization"
              value={institutes.data ? (field.value ?? '') : ''}
              onChange={(e) =>
                field.onChange(e.target.value === '' ? null : Number(e.target.value))
              }
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message}
            >
              {institutes.data?.items.map((i) => (
                <MenuItem key={i.id} value={i.id}>
                  {i.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Grid container>
          {FLAGS.map(([name, label]) => (
            <Grid key={name} size={6}>
              <Controller
                control={control}
                name={`staff.${name}`}
                render={({ field }) => (
                  <FormControlLabel
                    label={label}
                    control={
                      <Checkbox
                        size="small"
                        checked={Boolean(field.value)}
                        onChange={(e) => field.onChange(e.target.checked)}
                      />
                    }
                  />
                )}
              />
            </Grid>
          ))}
        </Grid>
      </AccordionDetails>
    </Accordion>
  );
}
