import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { EmptyState, ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { OWN_SCROLL, WIDE_SCREEN_CELL } from '../../../components/ui/phone';
import { useLineRecords } from '../api/get-line-records';
import { LabelChips } from '../../labels';
import { RejectionChip } from '../../../components/ui/rejection-chip';
import { formatDateTime, formatNumber } from '../../../lib/format';

/** The line's transit records, newest first, 20 more whenever the end scrolls into view. */
export function LineRecordsList({ instituteId, lineId }: { instituteId: number; lineId: number }) {
  const navigate = useNavigate();
  const records = useLineRecords(instituteId, lineId);
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = records;

  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries[0].isIntersecting && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (records.isError) return <ErrorFetching error={records.error} />;
  if (!records.data) return <RetrievingData />;
  const rows = records.data.pages.flatMap((p) => p.items);
  if (rows.length === 0) return <EmptyState text="No Records" />;

  return (
    // Its secondary columns give way on a phone; what is left scrolls here, not the page.
    <Paper sx={OWN_SCROLL}>
      <Table size="small" aria-label="Transit records">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell sx={WIDE_SCREEN_CELL}>Vial</TableCell>
            <TableCell align="right">VitalMetric (g·s)</TableCell>
            <TableCell sx={WIDE_SCREEN_CELL} align="right">
              MKT (°C)
            </TableCell>
            <TableCell>Rejection</TableCell>
            <TableCell sx={WIDE_SCREEN_CELL}>Labels</TableCell>
            <TableCell>Excluded</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow
              key={r.id}
              hover
              tabIndex={0}
              sx={{ cursor: 'pointer' }}
              onClick={() => navigate(`/record/${r.id}`)}
              onKeyDown={(e) => e.key === 'Enter' && navigate(`/record/${r.id}`)}
            >
              <TableCell>{formatDateTime(r.date)}</TableCell>
              <TableCell sx={WIDE_SCREEN_CELL}>{r.vial ?? '–'}</TableCell>
              <TableCell align="right">{formatNumber(r.metrics?.auc, 0)}</TableCell>
              <TableCell align="right" sx={WIDE_SCREEN_CELL}>
                {r.metrics?.mean_kinetic_temperature?.toFixed(1) ?? '–'}
              </TableCell>
              <TableCell>
                <RejectionChip percent={r.metrics?.rejection} />
              </TableCell>
              <TableCell sx={WIDE_SCREEN_CELL}>
                <LabelChips labels={r.labels} shown={2} />
              </TableCell>
              <TableCell>{r.exclude ? 'Yes' : 'No'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div ref={end} />
      {isFetchingNextPage && <RetrievingData />}
    </Paper>
  );
}
