import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import type { FeedDayDto } from '../../../../shared/api/lab-feed';
import { gridOverlays } from '../../../components/ui/grid-overlays';
import { ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { COMPACT_GRID } from '../../../components/ui/server-grid';
import { api } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useLabFeedStatus } from '../api/get-lab-feed';
import { NO_MESSAGES } from './feed-words';

const count = (field: keyof FeedDayDto, headerName: string): GridColDef<FeedDayDto> => ({
  field,
  headerName,
  type: 'number',
  flex: 1,
  minWidth: 100,
  sortable: false,
});

const DAY_COLUMNS: GridColDef<FeedDayDto>[] = [
  {
    field: 'date',
    headerName: 'Date',
    width: 130,
    sortable: false,
    valueFormatter: (value: string) => formatDate(`${value}T12:00:00`),
  },
  count('accepted', 'Accepted'),
  count('duplicates', 'Duplicates'),
  count('rejected', 'Rejected'),
  count('retried', 'Retried'),
  count('tests', 'Tests'),
  count('results_filed', 'Results filed'),
  count('results_pending', 'Results pending'),
];

/** Text to copy, in a monospace block with a label for screen readers. */
function Code({ label, children }: { label: string; children: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      tabIndex={0}
      sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto' }}
    >
      {children}
    </Box>
  );
}

/** How an LIS connects: the bridge's command and environment, the HTTPS and FHIR addresses. */
function ConnectSection({ instituteId }: { instituteId: number }) {
  const origin = api.defaults.baseURL || window.location.origin;
  const door = `${origin}/v2/institutes/${instituteId}/lab-feed`;
  return (
    <Stack spacing={1}>
      <Typography variant="h2">Connect your laboratory system</Typography>
      <Typography>
        HL7 v2 over MLLP: run the bridge on the hospital network next to the LIS, and point the LIS
        at its port (2575). It needs a read-write token of this organization:{' '}
        <Link component={RouterLink} to="/account">
          make a token on Account Settings
        </Link>
        , and keep it in the environment, never on a command line.
      </Typography>
      <Code label="Bridge command">
        {[
          `export VIALQC_SERVER=${origin}`,
          `export VIALQC_INSTITUTE=${instituteId}`,
          'export VIALQC_TOKEN=<your read-write token>',
          'npm run feed',
        ].join('\n')}
      </Code>
      <Typography>An integration engine that speaks HTTPS posts each HL7 v2 message to:</Typography>
      <Code label="HTTPS address">{`${door}/hl7`}</Code>
      <Typography>FHIR R4 bundles (transaction or batch) go to:</Typography>
      <Code label="FHIR address">{`${door}/fhir`}</Code>
    </Stack>
  );
}

/** Status: the last 14 days' counts, the last message and error, how to connect. */
export function StatusPanel({ instituteId }: { instituteId: number }) {
  const status = useLabFeedStatus(instituteId);
  if (status.isPending) return <RetrievingData />;
  if (status.isError) return <ErrorFetching error={status.error} />;
  const { data } = status;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Typography>
          Last message: {data.last_message_at ? formatDateTime(data.last_message_at) : NO_MESSAGES}
        </Typography>
        <Typography>Results pending: {data.pending_results}</Typography>
        <Typography>Rejected messages kept: {data.rejected_kept}</Typography>
      </Stack>
      {data.last_error && (
        <Alert severity="warning">
          Last error, {formatDateTime(data.last_error.at)} ({data.last_error.source.toUpperCase()}{' '}
          {data.last_error.control_id || 'without a control id'}, {data.last_error.reason}):{' '}
          {data.last_error.message}
        </Alert>
      )}
      <DataGrid
        aria-label="Messages of the last 14 days"
        rows={data.days}
        getRowId={(row) => row.date}
        columns={DAY_COLUMNS}
        hideFooter
        disableRowSelectionOnClick
        {...COMPACT_GRID}
        slots={gridOverlays}
      />
      <ConnectSection instituteId={instituteId} />
    </Stack>
  );
}
