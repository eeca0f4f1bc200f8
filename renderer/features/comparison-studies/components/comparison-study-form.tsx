import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { Controller, useFieldArray, useForm, type Control } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { CLINICAL_ANALYTES } from '../../../../shared/api/clinical-data';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorDetail } from '../../../lib/api-client';
import { firstFieldError, FORM_DATA_ISSUE } from '../../../lib/form-errors';
import { LabelsSelect } from '../../records';
import { useCreateComparisonStudy } from '../api/create-comparison-study';
import type { ComparisonStudyCreate } from '../api/types';
import { CriterionFields } from './criterion-fields';
import { SampleSizeHelper } from './sample-size-helper';
import { StudyLinePicker } from './study-line-picker';
import { emptyAnalyte, emptyStudy, type StudyFormValues } from './study-form-model';
import { studyResolver, formFieldOf } from './study-resolver';
import { analyteName, analyteUnit } from './study-words';

/** At most five analytes per study (section 2). */
const MOST_ANALYTES = 5;

/**
 * The study form: name, lines (the roughest marked), days, labels, analytes each with its
 * criterion (explained, with its L computed as the user types) and decision levels, confidence,
 * Deming's error ratio, and the sample-size helper.
 */
export function ComparisonStudyForm({ instituteId }: { instituteId: number }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateComparisonStudy(instituteId);
  const form = useForm<StudyFormValues, unknown, ComparisonStudyCreate>({
    resolver: studyResolver,
    defaultValues: emptyStudy(),
  });
  const { handleSubmit, setError, watch } = form;
  // The fields read the values as typed; only the submit sees the body the resolver makes.
  const control = form.control as unknown as Control<StudyFormValues>;
  const analytes = useFieldArray({ control, name: 'analytes' });
  const chosen = watch('analytes').map((a) => a.analyte);

  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (study) => {
        enqueueSnackbar(`${study.name} has been created.`, { variant: 'success' });
        navigate(`/comparison-studies/${study.id}`);
      },
      onError: (error) => {
        const field = firstFieldError(error);
        if (field) setError(formFieldOf(field.field), { message: field.message });
        enqueueSnackbar(
          errorDetail(error) ?? (field ? FORM_DATA_ISSUE : 'Error creating the study'),
          {
            variant: 'error',
          },
        );
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} aria-label="New Comparison Study">
      <Stack spacing={2}>
        <Paper sx={{ p: 3 }}>
          <Stack spacing={2}>
            <FormTextField
              control={control}
              name="name"
              label="Name"
              required
              autoFocus
              sx={{ maxWidth: 480 }}
            />
            <Controller
              control={control}
              name="line_ids"
              render={({ field, fieldState }) => (
                <StudyLinePicker
                  instituteId={instituteId}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <FormTextField
                control={control}
                name="date__gte"
                label="First day"
                type="date"
                required
                sx={{ width: 200 }}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <FormTextField
                control={control}
                name="last_day"
                label="Last day"
                type="date"
                required
                sx={{ width: 200 }}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <FormTextField
                control={control}
                name="confidence"
                label="Confidence"
                select
                sx={{ width: 160 }}
              >
                <MenuItem value="0.9">90%</MenuItem>
                <MenuItem value="0.95">95%</MenuItem>
                <MenuItem value="0.99">99%</MenuItem>
              </FormTextField>
              <FormTextField
                control={control}
                name="error_ratio"
                label="Error ratio λ (Deming)"
                helperText="Reference’s error variance over the test’s"
                sx={{ width: 240 }}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Stack>
            <Controller
              control={control}
              name="labels"
              render={({ field }) => (
                <div style={{ maxWidth: 480 }}>
                  <LabelsSelect
                    instituteId={instituteId}
                    value={field.value}
                    onChange={field.onChange}
                  />
                  <Typography variant="caption" color="text.secondary">
                    Only entries carrying all these labels; none: every entry.
                  </Typography>
                </div>
              )}
            />
          </Stack>
        </Paper>
        <Paper sx={{ p: 3 }} component="section" aria-label="Analytes">
          <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
            Analytes and criteria
          </Typography>
          <Stack spacing={2} divider={<Divider flexItem />}>
            {analytes.fields.map((item, index) => (
              <Stack key={item.id} spacing={1.5}>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                  <FormTextField
                    control={control}
                    name={`analytes.${index}.analyte`}
                    label="Analyte"
                    select
                    size="small"
                    sx={{ width: 220 }}
                  >
                    {CLINICAL_ANALYTES.map((a) => (
                      <MenuItem
                        key={a}
                        value={a}
                        disabled={a !== chosen[index] && chosen.includes(a)}
                      >
                        {analyteName(a)}
                      </MenuItem>
                    ))}
                  </FormTextField>
                  <FormTextField
                    control={control}
                    name={`analytes.${index}.decision_levels`}
                    label={`Decision levels (${analyteUnit(chosen[index] ?? 'potassium')})`}
                    helperText="Up to 5, separated by commas"
                    size="small"
                    sx={{ width: 260 }}
                  />
                  <span style={{ flexGrow: 1 }} />
                  {analytes.fields.length > 1 && (
                    <IconButton
                      aria-label={`Remove ${analyteName(chosen[index] ?? 'potassium')}`}
                      onClick={() => analytes.remove(index)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  )}
                </Stack>
                <CriterionFields control={control} index={index} />
              </Stack>
            ))}
          </Stack>
          {analytes.fields.length < MOST_ANALYTES && (
            <Button
              startIcon={<AddIcon />}
              sx={{ mt: 2 }}
              onClick={() => {
                const next = CLINICAL_ANALYTES.find((a) => !chosen.includes(a));
                if (next) analytes.append(emptyAnalyte(next));
              }}
            >
              Add Analyte
            </Button>
          )}
        </Paper>
        <SampleSizeHelper control={control} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate('/comparison-studies')}>Cancel</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Create Study
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
