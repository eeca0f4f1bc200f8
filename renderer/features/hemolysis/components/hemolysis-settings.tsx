import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  HEMOLYSIS_MESSAGES,
  hemolysisTitle,
  type HemolysisDataDto,
} from '../../../../shared/api/hemolysis';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { errorDetail } from '../../../lib/api-client';
import { LabelsSelect } from '../../records';
import { useDeleteHemolysisData } from '../api/delete-hemolysis-data';
import { useHemolysisData } from '../api/get-hemolysis-data';
import { useUpdateHemolysisData } from '../api/update-hemolysis-data';
import { LineField } from './line-field';

function SettingsForm({ data }: { data: HemolysisDataDto }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateHemolysisData();
  const remove = useDeleteHemolysisData();
  const [title, setTitle] = useState(data.title);
  const [line, setLine] = useState(String(data.line.id));
  const [labels, setLabels] = useState(data.labels.map((l) => l.id));
  const [donorSample, setDonorSample] = useState(data.donor_sample);
  const [titleError, setTitleError] = useState<string>();
  const [confirming, setConfirming] = useState(false);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const checked = hemolysisTitle.safeParse(title);
    setTitleError(checked.success ? undefined : checked.error.issues[0].message);
    if (!checked.success) return;
    try {
      await update.mutateAsync({
        id: data.id,
        body: { title: checked.data, line: Number(line), labels, donor_sample: donorSample },
      });
      enqueueSnackbar(HEMOLYSIS_MESSAGES.updated, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorDetail(error) ?? HEMOLYSIS_MESSAGES.updateFailed, { variant: 'error' });
    }
  };
  const destroy = async () => {
    try {
      await remove.mutateAsync(data.id);
      enqueueSnackbar(HEMOLYSIS_MESSAGES.deleted, { variant: 'success' });
      navigate('/hemolysis-index');
    } catch (error) {
      enqueueSnackbar(errorDetail(error) ?? HEMOLYSIS_MESSAGES.deleteFailed, { variant: 'error' });
      setConfirming(false);
    }
  };

  return (
    <Paper component="form" noValidate onSubmit={save} sx={{ p: 3, maxWidth: 640 }}>
      <TextField
        fullWidth
        required
        label="Title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={!!titleError}
        helperText={titleError}
      />
      <LineField instituteId={data.institute} value={line} onChange={setLine} />
      <LabelsSelect instituteId={data.institute} value={labels} onChange={setLabels} />
      <FormControlLabel
        label="Donor sample"
        control={
          <Checkbox checked={donorSample} onChange={(e) => setDonorSample(e.target.checked)} />
        }
      />
      <Typography variant="body2" color="text.secondary">
        File {data.filename}, time zone {data.timezone_name}.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'space-between' }}>
        <Button color="error" onClick={() => setConfirming(true)}>
          Delete
        </Button>
        <Stack direction="row" spacing={1}>
          <Button onClick={() => navigate(`/hemolysis-index-data/${data.id}`)}>Cancel</Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            Save
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Delete Hemolysis Data"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={destroy}
        onClose={() => setConfirming(false)}
      >
        Delete &lsquo;{data.title}&rsquo; and its {data.measurement_summary.count} measurements?
      </ConfirmDialog>
    </Paper>
  );
}

/** /hemolysis-index-data/{id}/settings: edit or delete a data set (not for guests). */
export function HemolysisSettings({ id }: { id: number }) {
  const data = useHemolysisData(id);
  if (data.isError) return <ErrorFetching />;
  if (!data.data) return <RetrievingData />;
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{data.data.title}: Settings</Typography>
      <SettingsForm key={data.data.id} data={data.data} />
    </Stack>
  );
}
