import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useEffect, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { lineCreate, type LineCreate, type LineDto } from '../../../../shared/api/lines';
import { FormTextField } from '../../../components/ui/form-text-field';
import { FORM_DATA_ISSUE, firstFieldError } from '../../../lib/form-errors';
import { useLineWord } from '../../institutes';
import { useLabels } from '../../labels';
import { useManufacturers } from '../api/get-manufacturers';

/** The API's rules; the length input gives text, which becomes a number or null. */
const lineForm = lineCreate.extend({
  length: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v),
    lineCreate.shape.length,
  ),
});
type Values = z.input<typeof lineForm>;
const fieldNames = Object.keys(lineForm.shape) as FieldPath<Values>[];

const valuesOf = (line?: LineDto): Values => ({
  name: line?.name ?? '',
  description: line?.description ?? '',
  length: line?.length === null || line?.length === undefined ? '' : String(line.length),
  is_hand_carried: line?.is_hand_carried ?? false,
  manufacturer: line?.manufacturer ?? '',
  labels: line?.labels.map((l) => l.id) ?? [],
});

interface Props {
  instituteId: number;
  line?: LineDto;
  readOnly?: boolean;
  /** Saves; a rejected promise with a 422 puts the server's message on its field. */
  onSave: (body: LineCreate) => Promise<unknown>;
  /** The submit button and any others, given the form's busy state. */
  actions: (busy: boolean) => ReactNode;
  formId?: string;
}

/** Name, description, length, hand carried, manufacturer and labels of a line (or route). */
export function LineForm({ instituteId, line, readOnly = false, onSave, actions, formId }: Props) {
  const word = useLineWord();
  const { enqueueSnackbar } = useSnackbar();
  const manufacturers = useManufacturers();
  const labels = useLabels(instituteId);
  const { control, handleSubmit, setError, setValue, reset, formState } = useForm<
    Values,
    unknown,
    LineCreate
  >({ resolver: zodResolver(lineForm), defaultValues: valuesOf(line) });
  const handCarried = useWatch({ control, name: 'is_hand_carried' });

  useEffect(() => reset(valuesOf(line)), [line, reset]);
  // A hand-carried line has no manufacturer: the field goes and so does its value.
  useEffect(() => {
    if (handCarried) setValue('manufacturer', '');
  }, [handCarried, setValue]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSave({
        ...values,
        description: values.description || null,
        manufacturer: values.is_hand_carried ? null : values.manufacturer || null,
      });
    } catch (error) {
      const fieldError = firstFieldError(error);
      if (!fieldError) return;
      const field = fieldNames.find((f) => f === fieldError.field) ?? 'root';
      setError(field, { message: fieldError.message });
      enqueueSnackbar(FORM_DATA_ISSUE, { variant: 'error' });
    }
  });

  return (
    <form id={formId} noValidate onSubmit={submit} aria-label={`${word.singular} form`}>
      <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0 }}>
        <FormTextField control={control} name="name" label="Name" required autoFocus={!line} />
        <FormTextField
          control={control}
          name="description"
          label="Description"
          multiline
          minRows={2}
        />
        <FormTextField
          control={control}
          name="length"
          label="Length (m)"
          type="number"
          slotProps={{ htmlInput: { min: 0, step: 'any' } }}
        />
        <Controller
          control={control}
          name="is_hand_carried"
          render={({ field }) => (
            <FormControlLabel
              label="Hand Carried"
              control={
                <Checkbox
                  checked={field.value ?? false}
                  onChange={(e) => field.onChange(e.target.checked)}
                />
              }
            />
          )}
        />
        {!handCarried && (
          <FormTextField control={control} name="manufacturer" label="Manufacturer" select>
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
            {(manufacturers.data ?? []).map((m) => (
              <MenuItem key={m.value} value={m.value}>
                {m.label}
              </MenuItem>
            ))}
          </FormTextField>
        )}
        <Controller
          control={control}
          name="labels"
          render={({ field }) => (
            <Autocomplete
              multiple
              disabled={readOnly}
              options={labels.data ?? []}
              getOptionLabel={(o) => o.label}
              value={(labels.data ?? []).filter((l) => field.value?.includes(l.id))}
              onChange={(_e, chosen) => field.onChange(chosen.map((l) => l.id))}
              renderValue={(chosen, getItemProps) =>
                chosen.map((l, index) => (
                  <Chip
                    {...getItemProps({ index })}
                    key={l.id}
                    size="small"
                    label={l.label}
                    sx={{ bgcolor: l.color, color: '#fff' }}
                  />
                ))
              }
              renderInput={(params) => <TextField {...params} label="Labels" />}
            />
          )}
        />
      </fieldset>
      {formState.errors.root && (
        <FormHelperText error>{formState.errors.root.message}</FormHelperText>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
        {actions(formState.isSubmitting)}
      </Stack>
    </form>
  );
}
