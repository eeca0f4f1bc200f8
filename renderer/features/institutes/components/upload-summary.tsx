import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../../lib/format';
import { useUploadSummary } from '../api/get-upload-summary';
import { ErrorFetching } from '../../../components/ui/query-state';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h3" component="p">
        {value}
      </Typography>
    </Stack>
  );
}

/** An organization's vials, runs and last upload, as GET .../upload-summary answers them. */
export function UploadSummaryPanel({ instituteId }: { instituteId: number }) {
  const summary = useUploadSummary(instituteId);
  if (summary.isError) return <ErrorFetching error={summary.error} />;
  if (!summary.data) return <Typography>Retrieving Data...</Typography>;
  const s = summary.data;
  return (
    <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap' }} aria-label="Upload summary">
      <Figure label="Vials" value={String(s.vials)} />
      <Figure label="Runs uploaded" value={String(s.total_records)} />
      <Figure label="Not yet processed" value={String(s.unprocessed)} />
      <Figure label="Runs in the last 30 days" value={String(s.uploads_last_30_days)} />
      <Figure
        label="Last upload"
        value={s.last_upload_date ? formatDate(s.last_upload_date) : 'No uploads yet'}
      />
    </Stack>
  );
}
