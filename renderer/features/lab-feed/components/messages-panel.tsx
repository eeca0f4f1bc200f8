import Button from '@mui/material/Button';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { enqueueSnackbar } from 'notistack';
import type { FeedMessageDto } from '../../../../shared/api/lab-feed';
import { gridOverlaysEmpty } from '../../../components/ui/grid-overlays';
import { ErrorFetching } from '../../../components/ui/query-state';
import { COMPACT_GRID, serverPaged } from '../../../components/ui/server-grid';
import { withDetail } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAllows } from '../../../lib/permissions';
import { useUrlPagination } from '../../../lib/use-url-pagination';
import { useFeedMessages } from '../api/get-lab-feed';
import { useRetryMessages } from '../api/mappings';
import { NO_MESSAGES } from './feed-words';

const PAGE_SIZES = [20, 50, 100];

const STATE_WORDS: Record<FeedMessageDto['state'], string> = {
  accepted: 'Accepted',
  rejected: 'Rejected',
  superseded: 'Superseded',
};

/** A rejected message again, with today's mappings. */
function RetryButton({ instituteId, message }: { instituteId: number; message: FeedMessageDto }) {
  const retry = useRetryMessages(instituteId);
  return (
    <Button
      size="small"
      loading={retry.isPending}
      aria-label={`Retry message ${message.control_id || message.id}`}
      onClick={() =>
        retry.mutate([message.id], {
          onSuccess: ({ results: [r] }) =>
            enqueueSnackbar(
              r.state === 'rejected'
                ? `Still rejected: ${r.reasons[0]?.message ?? ''}`
                : `Message ${STATE_WORDS[r.state].toLowerCase()}`,
              { variant: r.state === 'rejected' ? 'warning' : 'success' },
            ),
          onError: (error) =>
            enqueueSnackbar(withDetail('Unable to retry the message', error), { variant: 'error' }),
        })
      }
    >
      Retry
    </Button>
  );
}

/** Messages: what arrived, newest first, a page at a time; rejected ones can be retried. */
export function MessagesPanel({ instituteId }: { instituteId: number }) {
  const [pagination, setPagination] = useUrlPagination(PAGE_SIZES);
  const canRetry = useAllows('lab-feed:manage');
  const messages = useFeedMessages({
    instituteId,
    page: pagination.page,
    size: pagination.pageSize,
  });
  const columns: GridColDef<FeedMessageDto>[] = [
    {
      field: 'received_at',
      headerName: 'Received',
      width: 150,
      sortable: false,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'state',
      headerName: 'State',
      width: 110,
      sortable: false,
      valueGetter: (_v, row) => STATE_WORDS[row.state],
    },
    {
      field: 'source',
      headerName: 'Source',
      width: 80,
      sortable: false,
      valueGetter: (_v, row) => row.source.toUpperCase(),
    },
    { field: 'sending_facility', headerName: 'Facility', width: 120, sortable: false },
    { field: 'control_id', headerName: 'Control id', width: 160, sortable: false },
    { field: 'message_type', headerName: 'Type', width: 100, sortable: false },
    {
      field: 'results',
      headerName: 'Results (filed / pending / ignored)',
      width: 220,
      sortable: false,
      valueGetter: (_v, row) =>
        `${row.results.filed} / ${row.results.pending} / ${row.results.ignored}`,
    },
    {
      field: 'reasons',
      headerName: 'Problems',
      flex: 1,
      minWidth: 220,
      sortable: false,
      valueGetter: (_v, row) => row.reasons.map((r) => r.message).join(' '),
    },
    ...(canRetry
      ? [
          {
            field: 'retry',
            headerName: 'Actions',
            width: 100,
            sortable: false,
            renderCell: ({ row }) =>
              row.state === 'rejected' ? (
                <RetryButton instituteId={instituteId} message={row} />
              ) : null,
          } satisfies GridColDef<FeedMessageDto>,
        ]
      : []),
  ];
  if (messages.isError) return <ErrorFetching error={messages.error} />;
  return (
    <DataGrid
      aria-label="Messages"
      {...serverPaged(messages, [pagination, setPagination], PAGE_SIZES)}
      columns={columns}
      disableRowSelectionOnClick
      getRowHeight={() => 'auto'}
      {...COMPACT_GRID}
      slots={gridOverlaysEmpty(NO_MESSAGES)}
    />
  );
}
