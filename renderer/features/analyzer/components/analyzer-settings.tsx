import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  analyzerUpdate,
  type AnalyzerDto,
  type AnalyzerPreview,
  type AnalyzerUpdate,
} from '../../../../shared/api/analyzer';
import { counted } from '../../../../shared/domain/plural';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormTextField } from '../../../components/ui/form-text-field';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { errorDetail } from '../../../lib/api-client';
import { useAllows } from '../../../lib/permissions';
import { useAnalyzer } from '../api/get-analyzer';
import { useAnalyzerMakes } from '../api/get-analyzer-makes';
import { useAnalyzerModels } from '../api/get-analyzer-models';
import { usePreviewAnalyzer } from '../api/preview-analyzer';
import { useUpdateAnalyzer } from '../api/update-analyzer';

const THRESHOLDS = [
  { name: 'ldh_threshold', label: 'LDH threshold (mg/dL)' },
  { name: 'asat_threshold', label: 'ASAT threshold (mg/dL)' },
  { name: 'potassium_threshold', label: 'Potassium threshold (mg/dL)' },
] as const;

/** The inputs give text: thresholds become numbers, an empty one stays empty for its message. */
const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), schema);
const analyzerForm = analyzerUpdate.extend({
  ldh_threshold: numeric(analyzerUpdate.shape.ldh_threshold),
  asat_threshold: numeric(analyzerUpdate.shape.asat_threshold),
  potassium_threshold: numeric(analyzerUpdate.shape.potassium_threshold),
});

function AnalyzerForm({
  instituteId,
  analyzer,
  onDone,
}: {
  instituteId: number;
  analyzer: AnalyzerDto;
  onDone: () => void;
}) {
  const makes = useAnalyzerMakes();
  const update = useUpdateAnalyzer(instituteId);
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(analyzerForm),
    defaultValues: {
      make: analyzer.make ?? '',
      model: analyzer.model ?? '',
      ldh_threshold: analyzer.ldh_threshold,
      asat_threshold: analyzer.asat_threshold,
      potassium_threshold: analyzer.potassium_threshold,
    },
  });
  // The Model field suggests the chosen make's known models; any other may be typed.
  const make = useWatch({ control, name: 'make' });
  const models = useAnalyzerModels();
  const modelListId = useId();
  const preview = usePreviewAnalyzer(instituteId);
  // New thresholds recompute records' rejection: what that changes is asked about first.
  const [asking, setAsking] = useState<{ body: AnalyzerUpdate; changes: AnalyzerPreview }>();
  const failed = (error: unknown) =>
    enqueueSnackbar(errorDetail(error) ?? 'Unable to save your changes.', { variant: 'error' });
  const save = (body: AnalyzerUpdate) =>
    update.mutate(body, {
      onSuccess: () => {
        setAsking(undefined);
        enqueueSnackbar('Changes saved', { variant: 'success' });
        onDone();
      },
      onError: failed,
    });
  const submit = handleSubmit((values) => {
    const body = { ...values, make: values.make || null, model: values.model || null };
    const sameThresholds = THRESHOLDS.every((t) => body[t.name] === analyzer[t.name]);
    if (sameThresholds && analyzer.id !== null) return save(body);
    preview.mutate(body, {
      onSuccess: (changes) => (changes.records > 0 ? setAsking({ body, changes }) : save(body)),
      onError: failed,
    });
  });
  return (
    <form noValidate onSubmit={submit} aria-label="Analyzer">
      <ConfirmDialog
        open={asking !== undefined}
        title="Recompute rejection?"
        confirmLabel="Save and Recompute"
        busy={update.isPending}
        onConfirm={() => asking && save(asking.body)}
        onClose={() => setAsking(undefined)}
      >
        {asking &&
          `Saving these thresholds changes the rejection of ${counted(asking.changes.records, 'record', 'records')}, ${asking.changes.reviewed_records} of them reviewed. The change is kept in the Audit Log.`}
      </ConfirmDialog>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="make" label="Make" select>
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {(makes.data ?? []).map((m) => (
            <MenuItem key={m.value} value={m.value}>
              {m.label}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="model"
          label="Model"
          slotProps={{ htmlInput: { list: modelListId, autoComplete: 'off' } }}
        />
        <datalist id={modelListId} data-testid="analyzer-models">
          {(models.data ?? [])
            .filter((m) => m.make === make)
            .map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
        </datalist>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {THRESHOLDS.map((t) => (
          <FormTextField
            key={t.name}
            control={control}
            name={t.name}
            label={t.label}
            type="number"
            required
            slotProps={{ htmlInput: { min: 0, step: 'any' } }}
          />
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="contained" loading={update.isPending || preview.isPending}>
          Save Changes
        </Button>
      </Stack>
    </form>
  );
}

function AnalyzerFacts({ analyzer }: { analyzer: AnalyzerDto }) {
  const facts: [string, string][] = [
    ['Make', analyzer.make ?? '–'],
    ['Model', analyzer.model ?? '–'],
    ['LDH threshold', `${analyzer.ldh_threshold} mg/dL`],
    ['ASAT threshold', `${analyzer.asat_threshold} mg/dL`],
    ['Potassium threshold', `${analyzer.potassium_threshold} mg/dL`],
  ];
  return (
    <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={4} useFlexGap>
      {facts.map(([label, value]) => (
        <div key={label}>
          <Typography variant="caption" color="text.secondary" component="div">
            {label}
          </Typography>
          <Typography>{value}</Typography>
        </div>
      ))}
    </Stack>
  );
}

/** The Analyzer section of /settings: shown to all, edited by admin, owner and staff. */
export function AnalyzerSettings({ instituteId }: { instituteId: number }) {
  const canEdit = useAllows('analyzer:edit');
  const analyzer = useAnalyzer(instituteId);
  const [editing, setEditing] = useState(false);
  if (analyzer.isError) return <ErrorFetching />;
  if (!analyzer.data) return <RetrievingData />;
  if (editing)
    return (
      <AnalyzerForm
        instituteId={instituteId}
        analyzer={analyzer.data}
        onDone={() => setEditing(false)}
      />
    );
  return (
    <Stack sx={{ alignItems: 'flex-start' }} spacing={2}>
      {analyzer.data.id === null && (
        <Typography variant="body2" color="text.secondary">
          No analyzer saved yet: the default thresholds apply.
        </Typography>
      )}
      <AnalyzerFacts analyzer={analyzer.data} />
      {canEdit && (
        <Button variant="outlined" onClick={() => setEditing(true)}>
          Edit Analyzer
        </Button>
      )}
    </Stack>
  );
}
