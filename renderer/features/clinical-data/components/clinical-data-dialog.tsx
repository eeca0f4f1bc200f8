import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  CLINICAL_ANALYTE_INFO,
  CLINICAL_ANALYTES,
  CLINICAL_DATA_MESSAGES,
  clinicalDataCreate,
  type ClinicalDataDto,
  type ClinicalRecordRef,
} from '../../../../shared/api/clinical-data';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorDetail } from '../../../lib/api-client';
import { firstFieldError } from '../../../lib/form-errors';
import { formatDateTime, formatVitalMetric } from '../../../lib/format';
import { useAllows } from '../../../lib/permissions';
import { zonedToday } from '../../../lib/time-zone';
import { useInstitute, useLineWord } from '../../institutes';
import { useLines } from '../../lines';
import { LabelsSelect } from '../../records';
import { useCreateClinicalData } from '../api/create-clinical-data';
import { useRecordChoices } from '../api/get-record-choices';
import { useUpdateClinicalData } from '../api/update-clinical-data';

/** A select's value: '' is none, else the id. */
const chosenId = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : Number(v)),
  z.number().int().positive().nullable(),
);

/** The API's schema, with the record and line pickers' '' meaning "none". */
const form = clinicalDataCreate.extend({
  record: chosenId,
  line: chosenId,
  exclude_from_model: z.boolean(),
  donor_sample: z.boolean(),
});
type Output = z.output<typeof form>;
type Values = Record<string, unknown> & {
  date: string;
  record: string | number | null;
  line: string | number | null;
  labels: number[];
  exclude_from_model: boolean;
  donor_sample: boolean;
};

const valueFields = CLINICAL_ANALYTES.flatMap((a) => [a, `${a}_baseline`] as const);

export const recordChoiceText = (r: ClinicalRecordRef) =>
  `${formatDateTime(r.date)} · ${r.line?.name ?? 'No line'} · VitalMetric ${formatVitalMetric(r.auc)}`;

function RecordPicker({
  instituteId,
  date,
  current,
  value,
  onChange,
  error,
}: {
  instituteId: number;
  date: string;
  current: ClinicalRecordRef | null;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const choices = useRecordChoices(instituteId, date || null);
  const options = [...(choices.data ?? [])];
  if (current && !options.some((o) => o.id === current.id)) options.unshift(current);
  let helper = 'Records from the day before to two days after the date.';
  if (!date) helper = 'Choose a date to see its records.';
  else if (choices.isLoading) helper = 'Retrieving Data...';
  else if (choices.data && options.length === 0) helper = 'No records around this date.';
  return (
    <TextField
      select
      fullWidth
      label="Record"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? helper}
      disabled={!date}
    >
      <MenuItem value="">
        <em>None</em>
      </MenuItem>
      {options.map((r) => (
        <MenuItem key={r.id} value={String(r.id)}>
          {recordChoiceText(r)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The entry's own line (method-comparison.md section 1): the organization's lines not archived,
 * and the entry's own even when archived. Without one, the entry's line is its record's.
 */
function LinePicker({
  instituteId,
  current,
  recordLine,
  value,
  onChange,
  error,
}: {
  instituteId: number;
  current: { id: number; name: string } | null;
  recordLine: { id: number; name: string } | null;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const word = useLineWord();
  const lines = useLines({ instituteId, archived: false, ordering: 'name' });
  const options: { id: number; name: string }[] = [...(lines.data?.items ?? [])];
  if (current && !options.some((o) => o.id === current.id)) options.unshift(current);
  const helper = recordLine
    ? `Without one, the ${word.lower} of the record: ${recordLine.name}.`
    : `The ${word.lower} the sample travelled on.`;
  return (
    <TextField
      select
      fullWidth
      label={word.singular}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? helper}
    >
      <MenuItem value="">
        <em>None</em>
      </MenuItem>
      {options.map((l) => (
        <MenuItem key={l.id} value={String(l.id)}>
          {l.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface Props {
  instituteId: number;
  /** The entry to edit; undefined creates one. */
  entry?: ClinicalDataDto;
  onClose: () => void;
}

/** Create or edit clinical data: date, the record picker, paired values, labels, staff flags. */
export function ClinicalDataDialog({ instituteId, entry, onClose }: Props) {
  const titleId = useId();
  const isStaffEditor = useAllows('clinical-data:staff-fields');
  const create = useCreateClinicalData(instituteId);
  const today = zonedToday(useInstitute(instituteId).data?.timezone);
  const update = useUpdateClinicalData();
  const { enqueueSnackbar } = useSnackbar();
  const defaults: Values = {
    date: entry?.date ?? '',
    record: entry?.record ? String(entry.record) : '',
    line: entry?.line ? String(entry.line) : '',
    labels: entry?.labels.map((l) => l.id) ?? [],
    exclude_from_model: entry?.exclude_from_model ?? false,
    donor_sample: entry?.donor_sample ?? false,
    ...Object.fromEntries(
      valueFields.map((f) => [f, entry?.[f] === null || !entry ? '' : String(entry[f])]),
    ),
  };
  const { control, handleSubmit, setError, setValue } = useForm<Values, unknown, Output>({
    resolver: zodResolver(form) as unknown as Resolver<Values, unknown, Output>,
    defaultValues: defaults,
  });
  const date = useWatch({ control, name: 'date' });
  const record = useWatch({ control, name: 'record' });
  const recordChoices = useRecordChoices(instituteId, date || null);
  const chosenRecord =
    [...(recordChoices.data ?? []), ...(entry?.record_detail ? [entry.record_detail] : [])].find(
      (r) => String(r.id) === String(record),
    ) ?? null;

  const submit = handleSubmit(async (values) => {
    const { exclude_from_model, donor_sample, ...rest } = values;
    // Only staff send the staff-only fields.
    const body = isStaffEditor ? { ...rest, exclude_from_model, donor_sample } : rest;
    try {
      if (entry) await update.mutateAsync({ id: entry.id, body });
      else await create.mutateAsync(body);
      enqueueSnackbar(entry ? CLINICAL_DATA_MESSAGES.updated : CLINICAL_DATA_MESSAGES.created, {
        variant: 'success',
      });
      onClose();
    } catch (error) {
      const field = firstFieldError(error);
      if (field) setError(field.field as 'date' | 'line' | 'record', { message: field.message });
      enqueueSnackbar(
        errorDetail(error) ??
          (entry ? CLINICAL_DATA_MESSAGES.updateFailed : CLINICAL_DATA_MESSAGES.createFailed),
        { variant: 'error' },
      );
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{entry ? 'Edit Clinical Data' : 'Add Clinical Data'}</DialogTitle>
        <DialogContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              control={control}
              name="date"
              label="Date"
              type="date"
              required
              autoFocus
              sx={{ minWidth: 200 }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
              onChange={(e) => {
                setValue('date', e.target.value, { shouldValidate: false });
                setValue('record', '');
              }}
            />
            <Controller
              control={control}
              name="record"
              render={({ field, fieldState }) => (
                <RecordPicker
                  instituteId={instituteId}
                  date={date}
                  current={entry?.record_detail ?? null}
                  value={field.value === null ? '' : String(field.value)}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Stack>
          <Controller
            control={control}
            name="line"
            render={({ field, fieldState }) => (
              <LinePicker
                instituteId={instituteId}
                current={
                  entry?.line && entry.line_detail?.id === entry.line ? entry.line_detail : null
                }
                recordLine={chosenRecord?.line ?? null}
                value={field.value === null ? '' : String(field.value)}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <Grid container columnSpacing={2} sx={{ mt: 1 }}>
            {CLINICAL_ANALYTES.map((a) => (
              <Grid key={a} size={{ xs: 12, sm: 6 }}>
                <Typography variant="subtitle2" sx={{ mt: 1 }}>
                  {CLINICAL_ANALYTE_INFO[a].name} ({CLINICAL_ANALYTE_INFO[a].unit})
                </Typography>
                <Stack direction="row" spacing={1}>
                  {([a, `${a}_baseline`] as const).map((f) => (
                    <FormTextField
                      key={f}
                      control={control}
                      name={f}
                      label={f.endsWith('_baseline') ? 'Baseline' : 'Transported'}
                      type="number"
                      margin="dense"
                      size="small"
                      slotProps={{
                        htmlInput: {
                          step: 0.01,
                          min: 0,
                          'aria-label': `${CLINICAL_ANALYTE_INFO[a].tab} ${f.endsWith('_baseline') ? 'baseline' : 'transported'}`,
                        },
                      }}
                    />
                  ))}
                </Stack>
              </Grid>
            ))}
          </Grid>
          <Controller
            control={control}
            name="labels"
            render={({ field }) => (
              <LabelsSelect
                instituteId={instituteId}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Stack direction="row" spacing={2}>
            {(
              [
                ['exclude_from_model', 'Exclude from model'],
                ['donor_sample', 'Donor sample'],
              ] as const
            ).map(([name, label]) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <FormControlLabel
                    label={label}
                    disabled={!isStaffEditor}
                    control={
                      <Checkbox
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                      />
                    }
                  />
                )}
              />
            ))}
          </Stack>
          {!isStaffEditor && (
            <Typography variant="caption" color="text.secondary">
              Only the provider&apos;s staff can change Exclude from model and Donor sample.
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
            {entry ? 'Save' : 'Add'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
