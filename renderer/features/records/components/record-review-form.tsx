import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useSnackbar } from 'notistack';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import type { RecordDto, RecordPatch } from '../../../../shared/api/records';
import { reviewNeedsLine } from '../../../../shared/domain/record-line-rules';
import { errorDetail } from '../../../lib/api-client';
import { firstFieldError } from '../../../lib/form-errors';
import { useIsStaff } from '../../../lib/permissions';
import { useLineWord } from '../../institutes';
import { useUpdateRecord } from '../api/update-record';
import { useOutOfRangeWarning } from '../hooks/use-out-of-range-warning';
import { useSetOffAlert } from '../hooks/use-set-off-alert';
import { LabelsSelect } from './labels-select';
import { LineSelect } from './line-select';
import {
  changedStaffFields,
  StaffOptions,
  staffFields,
  staffValuesOf,
  type StaffFields,
} from './staff-options';
import { ValidationSelect } from './validation-select';

const reviewForm = z.object({
  line: z.number().nullable(),
  validation: z.number().nullable(),
  labels: z.array(z.number()),
  exclude: z.boolean(),
  staff: staffFields.optional(),
});
type Values = z.infer<typeof reviewForm>;

interface Props {
  record: RecordDto;
  /** After a successful save, e.g. to close the panel of a record that left the list. */
  onSaved?: (saved: RecordDto) => void;
}

/**
 * The inline review of one record: line, validation, labels, exclude (and for staff the Staff
 * Options). 'Review' marks it reviewed; on a reviewed record the same button reads 'Save'.
 */
export function RecordReviewForm({ record, onSaved }: Props) {
  const staff = useIsStaff();
  const update = useUpdateRecord();
  const warnOutOfRange = useOutOfRangeWarning();
  const alertSetOff = useSetOffAlert();
  const { enqueueSnackbar } = useSnackbar();
  const staffBefore: StaffFields | undefined = staff ? staffValuesOf(record) : undefined;
  const word = useLineWord();
  const { control, handleSubmit, setValue, setError, clearErrors } = useForm<Values>({
    resolver: zodResolver(reviewForm),
    defaultValues: {
      line: record.line?.id ?? null,
      validation: record.validation,
      labels: record.labels.map((l) => l.id),
      exclude: record.exclude,
      staff: staffBefore,
    },
  });
  const lineId = useWatch({ control, name: 'line' });
  const lineLocked = record.line?.archived === true;

  const submit = handleSubmit(async (values) => {
    // Reviewed means reviewed on a line (the server refuses it too): say so at the select.
    if (values.line === null) {
      setError('line', { message: reviewNeedsLine(word.lower) });
      return;
    }
    const lineChanged = values.line !== (record.line?.id ?? null);
    const body: RecordPatch = {
      labels: values.labels,
      exclude: values.exclude,
      is_reviewed: true,
      ...(lineChanged ? { line: values.line } : {}),
      // The server clears the validation when the line changes; a choice made after is sent again.
      ...(lineChanged || values.validation !== record.validation
        ? { validation: values.validation }
        : {}),
      ...(staffBefore && values.staff ? changedStaffFields(staffBefore, values.staff) : {}),
    };
    try {
      const saved = await update.mutateAsync({ id: record.id, body });
      enqueueSnackbar('Changes saved', { variant: 'success' });
      alertSetOff(saved.set_off);
      onSaved?.(saved);
      if (lineChanged && saved.line && saved.out_of_range?.out_of_range) {
        void warnOutOfRange(saved.line.id, () => true);
      }
    } catch (error) {
      const field = firstFieldError(error);
      if (field?.field === 'line') setError('line', { message: field.message });
      const detail = errorDetail(error) ?? field?.message;
      enqueueSnackbar(detail ?? 'Unable to save the record.', { variant: 'error' });
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Review record">
      <Controller
        control={control}
        name="line"
        render={({ field, fieldState }) => (
          <LineSelect
            instituteId={record.institute}
            value={field.value}
            locked={lineLocked}
            error={fieldState.error?.message}
            onChange={(id) => {
              field.onChange(id);
              clearErrors('line');
              setValue('validation', null); // assigning a line clears the validation
            }}
          />
        )}
      />
      <Controller
        control={control}
        name="validation"
        render={({ field }) => (
          <ValidationSelect
            instituteId={record.institute}
            lineId={lineId}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={control}
        name="labels"
        render={({ field }) => (
          <LabelsSelect
            instituteId={record.institute}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={control}
        name="exclude"
        render={({ field }) => (
          <FormControlLabel
            label="Exclude"
            control={
              <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
            }
          />
        )}
      />
      {staff && <StaffOptions control={control as unknown as Control<{ staff?: StaffFields }>} />}
      <Stack direction="row" sx={{ mt: 1, justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={update.isPending}>
          {record.is_reviewed ? 'Save' : 'Review'}
        </Button>
      </Stack>
    </form>
  );
}
