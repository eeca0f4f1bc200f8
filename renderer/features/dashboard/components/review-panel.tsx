import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { RejectionChip } from '../../../components/ui/rejection-chip';
import { formatDateTime } from '../../../lib/format';
import { type RecordSummary, TO_REVIEW, useRecords } from '../../records';
import { ErrorFetching } from '../../../components/ui/query-state';

/** The queue shown on the dashboard; the whole of it is one click away. */
const REVIEW_PREVIEW = 5;
/**
 * Each preview row has this height, and the list keeps room for all of them while the queue
 * loads or when it is shorter: the panel never changes size, so the heat map below it stays
 * where the user (or a test) is about to click.
 */
const REVIEW_ROW_HEIGHT = 36;

/** A count of the summary, or a placeholder of its height while the summary loads. */
function Count({ value, label }: { value: number | undefined; label: string }) {
  return (
    <Box>
      <Typography variant="h1" component="p">
        {value ?? <Skeleton width="1.5em" />}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/**
 * Records to review (polled every 3 s) with the reviewed and processing counts (none yet while
 * the summary loads); like the lists on load (and the counts), the preview leaves excluded
 * records out.
 */
export function ReviewPanel({
  instituteId,
  summary,
}: {
  instituteId: number;
  summary: RecordSummary | undefined;
}) {
  const queue = useRecords(
    instituteId,
    { ...TO_REVIEW, exclude: false, size: REVIEW_PREVIEW, ordering: '-date' },
    { poll: true },
  );
  return (
    <Paper component="section" aria-label="Records to Review" sx={{ p: 2, height: '100%' }}>
      <Typography variant="h2" gutterBottom>
        Records to Review
      </Typography>
      <Stack direction="row" spacing={{ xs: 2, sm: 4 }} sx={{ mb: 1 }}>
        <Count value={summary?.not_reviewed} label="To review" />
        <Count value={summary?.reviewed} label="Reviewed" />
        <Count value={summary?.unprocessed} label="Processing" />
      </Stack>
      <Box sx={{ minHeight: REVIEW_PREVIEW * REVIEW_ROW_HEIGHT }}>
        {queue.isError && <ErrorFetching error={queue.error} />}
        {queue.data?.items.length === 0 && (
          <Typography color="text.secondary">No Records to Review</Typography>
        )}
        <List dense disablePadding>
          {queue.data?.items.map((r) => (
            // At least a row's height: on a phone the link wraps and its row grows with it, not
            // over the next row (issue 44).
            <ListItem key={r.id} disableGutters sx={{ gap: 1, minHeight: REVIEW_ROW_HEIGHT }}>
              <Link component={RouterLink} to={`/record/${r.id}`} sx={{ flexGrow: 1, minWidth: 0 }}>
                {formatDateTime(r.date)} · Vial {r.vial ?? '–'}
              </Link>
              <RejectionChip percent={r.metrics?.rejection} />
            </ListItem>
          ))}
        </List>
      </Box>
      <Button
        size="small"
        variant="contained"
        component={RouterLink}
        to="/records/to-review"
        disabled={!summary || summary.not_reviewed === 0}
        sx={{ mt: 1 }}
      >
        Review Records
      </Button>
    </Paper>
  );
}
