import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { OWN_SCROLL, WIDE_SCREEN_CELL } from '../../../components/ui/phone';
import { RejectionChip } from '../../../components/ui/rejection-chip';
import { formatDateTime, formatVitalMetric } from '../../../lib/format';
import { useLineWord } from '../../institutes';
import { useRecords } from '../../records';
import { ErrorFetching } from '../../../components/ui/query-state';

const RECENT_SIZE = 20;
const RECENT_DAYS = 14;

/** The newest records of the last two weeks (size 20, polled every 3 s). */
export function LatestRecords({ instituteId }: { instituteId: number }) {
  const word = useLineWord();
  // Fixed per visit, so the polled query keeps one key.
  const since = useMemo(() => new Date(Date.now() - RECENT_DAYS * 86_400_000).toISOString(), []);
  const recent = useRecords(
    instituteId,
    { size: RECENT_SIZE, ordering: '-date', date__gte: since },
    { poll: true },
  );
  const rows = recent.data?.items ?? [];

  return (
    <Paper component="section" aria-label="Latest Records" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h2" sx={{ flexGrow: 1 }}>
          Latest Records
        </Typography>
        <Button size="small" component={RouterLink} to="/records">
          All Records
        </Button>
      </Stack>
      {recent.isError && <ErrorFetching error={recent.error} />}
      {recent.isLoading && <Typography color="text.secondary">Retrieving Data...</Typography>}
      {recent.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary">No records in the last 14 days</Typography>
      )}
      {rows.length > 0 && (
        <Box sx={OWN_SCROLL}>
          <Table size="small" aria-label="Latest records">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>{word.singular}</TableCell>
                <TableCell align="right" sx={WIDE_SCREEN_CELL}>
                  VitalMetric (g·s)
                </TableCell>
                <TableCell>Rejection</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/record/${r.id}`}>
                      {formatDateTime(r.date)}
                    </Link>
                  </TableCell>
                  <TableCell>
                    {r.line ? (
                      <Link component={RouterLink} to={`/line/${r.line.id}`}>
                        {r.line.name}
                      </Link>
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        Not assigned
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={WIDE_SCREEN_CELL}>
                    {formatVitalMetric(r.metrics?.auc)}
                  </TableCell>
                  <TableCell>
                    <RejectionChip percent={r.metrics?.rejection} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
