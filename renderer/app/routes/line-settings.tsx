import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { Link, useParams } from 'react-router-dom';
import { ErrorFetching, RetrievingData } from '../../components/ui/query-state';
import { useLineWord } from '../../features/institutes';
import { useLine, useUpdateLine, ArchiveCheckbox, LineForm } from '../../features/lines';
import { GUEST_REASON, useCanEdit } from '../../lib/permissions';

/** /line/{id}/settings: edit the line (read-only for guests). */
export default function LineSettingsPage() {
  const id = Number(useParams().id);
  const word = useLineWord();
  const canEdit = useCanEdit();
  const line = useLine(id);
  const update = useUpdateLine();
  const { enqueueSnackbar } = useSnackbar();
  if (line.isError)
    return (
      <ErrorFetching
        error={line.error}
        back={{ to: '/lines', label: word.plural }}
        notFound={`${word.singular} not found.`}
      />
    );
  if (!line.data) return <RetrievingData />;
  const l = line.data;

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h1">
        {l.name}: {word.singular} Settings
      </Typography>
      {!canEdit && <Alert severity="info">{GUEST_REASON}</Alert>}
      <Paper sx={{ p: 3 }}>
        <LineForm
          instituteId={l.institute}
          line={l}
          readOnly={!canEdit}
          onSave={async (body) => {
            await update.mutateAsync({ id: l.id, body });
            enqueueSnackbar('Changes saved', { variant: 'success' });
          }}
          actions={(busy) => (
            <>
              <Button component={Link} to={`/line/${l.id}/summary`}>
                Back
              </Button>
              {canEdit && (
                <Button type="submit" variant="contained" loading={busy}>
                  Save Changes
                </Button>
              )}
            </>
          )}
        />
        <Stack direction="row" sx={{ alignItems: 'center', mt: 2 }}>
          <ArchiveCheckbox line={l} />
          <Typography>Archived</Typography>
        </Stack>
      </Paper>
    </Stack>
  );
}
