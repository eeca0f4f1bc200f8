import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { VALIDATION_MESSAGES } from '../../../../shared/api/validations';
import { useLineWord } from '../../institutes';
import { useCreateValidation } from '../api/create-validation';
import { isValidationNameTaken } from '../api/get-validations';
import { LinePicker } from './line-picker';
import { ValidationDetailFields } from './validation-detail-fields';
import {
  createForm,
  emptyValidation,
  type CreateOutput,
  type ValidationFormValues,
} from './validation-form';
import { ValidationReview } from './validation-review';
import { withDetail } from '../../../lib/api-client';

/** The fields each step must get right before the next one opens. */
const STEP_FIELDS: FieldPath<ValidationFormValues>[][] = [
  ['name', 'start_date', 'duration_days', 'baseline'],
  ['lines'],
  [],
];

/** New validation in three steps: details, add lines, review and confirm. */
export function ValidationWizard({ instituteId }: { instituteId: number }) {
  const word = useLineWord();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateValidation(instituteId);
  const [step, setStep] = useState(0);
  const [checking, setChecking] = useState(false);
  const { control, trigger, getValues, setError, handleSubmit } = useForm<
    ValidationFormValues,
    unknown,
    CreateOutput
  >({
    // The schema reads an empty duration select ('') as missing: its input type is wider.
    resolver: zodResolver(createForm) as Resolver<ValidationFormValues, unknown, CreateOutput>,
    defaultValues: emptyValidation(),
  });
  const steps = ['Details', `Add ${word.plural}`, 'Review and Confirm'];

  const next = async () => {
    if (!(await trigger(STEP_FIELDS[step]))) return;
    if (step === 0) {
      // Names are unique per institute whatever their case: ask before moving on.
      setChecking(true);
      try {
        if (await isValidationNameTaken(instituteId, getValues('name'))) {
          setError('name', { message: VALIDATION_MESSAGES.nameTaken }, { shouldFocus: true });
          return;
        }
      } finally {
        setChecking(false);
      }
    }
    setStep(step + 1);
  };

  const submit = handleSubmit((values) =>
    create.mutate(
      { ...values, generate_report: false },
      {
        onSuccess: () => {
          enqueueSnackbar(VALIDATION_MESSAGES.created, { variant: 'success' });
          navigate('/validations');
        },
        onError: (error) =>
          enqueueSnackbar(withDetail(VALIDATION_MESSAGES.createFailed, error), {
            variant: 'error',
          }),
      },
    ),
  );

  return (
    <Paper sx={{ p: 3 }}>
      <Stepper activeStep={step} sx={{ mb: 3 }}>
        {steps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <form noValidate onSubmit={submit} aria-label="New Validation">
        {step === 0 && <ValidationDetailFields control={control} />}
        {step === 1 && (
          <Controller
            control={control}
            name="lines"
            render={({ field, fieldState }) => (
              <LinePicker
                instituteId={instituteId}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        {step === 2 && <ValidationReview instituteId={instituteId} values={getValues()} />}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
          {step > 0 && <Button onClick={() => setStep(step - 1)}>Back</Button>}
          {step < steps.length - 1 ? (
            // Distinct keys: the same element turning into the submit button mid-click would submit.
            <Button key="next" variant="contained" onClick={next} loading={checking}>
              Next
            </Button>
          ) : (
            <Button key="create" type="submit" variant="contained" loading={create.isPending}>
              Create Validation
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
