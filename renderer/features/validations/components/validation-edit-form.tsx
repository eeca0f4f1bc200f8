import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { VALIDATION_MESSAGES, type ValidationDto } from '../../../../shared/api/validations';
import { errorDetail, errorStatus } from '../../../lib/api-client';
import { useLineWord } from '../../institutes';
import { isValidationNameTaken } from '../api/get-validations';
import { useUpdateValidation } from '../api/update-validation';
import { LinePicker } from './line-picker';
import { ValidationDetailFields } from './validation-detail-fields';
import { editForm, type EditOutput, type ValidationFormValues } from './validation-form';

/** Edits an in-progress validation: name, dates, baseline and lines. */
export function ValidationEditForm({ validation }: { validation: ValidationDto }) {
  const word = useLineWord();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateValidation(validation.id);
  const { control, handleSubmit, setError, formState } = useForm<
    ValidationFormValues,
    unknown,
    EditOutput
  >({
    // The schema reads an empty duration select ('') as missing: its input type is wider.
    resolver: zodResolver(editForm) as Resolver<ValidationFormValues, unknown, EditOutput>,
    defaultValues: {
      name: validation.name,
      start_date: validation.start_date,
      duration_days: validation.duration_days,
      baseline: validation.baseline,
      lines: validation.lines,
    },
  });

  const submit = handleSubmit(async (values) => {
    if (await isValidationNameTaken(validation.institute, values.name, validation.id)) {
      setError('name', { message: VALIDATION_MESSAGES.nameTaken }, { shouldFocus: true });
      return;
    }
    try {
      const saved = await update.mutateAsync(values);
      enqueueSnackbar(VALIDATION_MESSAGES.updated(saved.name), { variant: 'success' });
      navigate(`/validation/${validation.id}`);
    } catch (error) {
      const detail = errorDetail(error);
      enqueueSnackbar(
        errorStatus(error) === 400 && detail ? detail : 'Unable to save your changes.',
        { variant: 'error' },
      );
    }
  });

  return (
    <Paper sx={{ p: 3 }}>
      <form noValidate onSubmit={submit} aria-label="Edit Validation">
        <ValidationDetailFields control={control} />
        <Typography variant="h3" component="h2" sx={{ mt: 2, mb: 1 }}>
          {word.plural}
        </Typography>
        <Controller
          control={control}
          name="lines"
          render={({ field, fieldState }) => (
            <LinePicker
              instituteId={validation.institute}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
          <Button component={Link} to={`/validation/${validation.id}`}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            Save Changes
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
