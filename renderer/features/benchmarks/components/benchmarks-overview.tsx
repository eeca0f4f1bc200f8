import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { ErrorFetching } from '../../../components/ui/query-state';
import { formatDateTime, formatNumber, formatVitalMetric, MISSING } from '../../../lib/format';
import { useBenchmarksOverview } from '../api/get-benchmarks-overview';
import { QuarterPicker } from './quarter-picker';
import { REASON_LABELS } from './words';

const KIND_LABELS = { pts: 'PTS', courier: 'Courier' } as const;

/**
 * /benchmarks/overview (staff, section 9): the quarter picker, the participants, and every group
 * with its reason, counts and contributors; no statistic of a withheld group.
 */
export function BenchmarksOverviewView() {
  const [quarter, setQuarter] = useState<string | null>(null);
  const answer = useBenchmarksOverview(quarter);
  if (answer.isError) return <ErrorFetching error={answer.error} />;
  if (!answer.data) return <LoadingScreen />;
  const data = answer.data;
  return (
    <Stack spacing={2} aria-busy={answer.isFetching}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <QuarterPicker value={data.quarter} onChange={setQuarter} timeZone="UTC" />
        <Typography variant="body2" color="text.secondary">
          {`Computed ${formatDateTime(data.computed_at)} · k = ${data.k}`}
        </Typography>
      </Stack>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          {`Participants (${data.participants.length})`}
        </Typography>
        <TableContainer>
          <Table size="small" aria-label="Participants">
            <TableHead>
              <TableRow>
                <TableCell>Organization</TableCell>
                <TableCell>Kind</TableCell>
                <TableCell>Time zone</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.participants.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>{p.name}</TableCell>
                  <TableCell>{KIND_LABELS[p.kind]}</TableCell>
                  <TableCell>{p.timezone}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          Groups
        </Typography>
        <TableContainer>
          <Table size="small" aria-label="Groups">
            <TableHead>
              <TableRow>
                <TableCell>Group</TableCell>
                <TableCell>Shown</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell align="right">Organizations</TableCell>
                <TableCell align="right">Lines</TableCell>
                <TableCell align="right">x*</TableCell>
                <TableCell align="right">s*</TableCell>
                <TableCell align="right">P50</TableCell>
                <TableCell>Contributors</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.groups.map((g) => (
                <TableRow key={g.key}>
                  <TableCell>{g.label}</TableCell>
                  <TableCell>{g.shown ? 'Shown' : 'Withheld'}</TableCell>
                  <TableCell>{g.reason === null ? MISSING : REASON_LABELS[g.reason]}</TableCell>
                  <TableCell align="right">{g.n_institutes}</TableCell>
                  <TableCell align="right">{g.n_lines}</TableCell>
                  <TableCell align="right">{formatVitalMetric(g.robust_mean)}</TableCell>
                  <TableCell align="right">{formatVitalMetric(g.robust_sd)}</TableCell>
                  <TableCell align="right">{formatVitalMetric(g.percentiles?.p50)}</TableCell>
                  <TableCell>
                    {g.institutes.map((i) => `${i.name} (${i.n_lines})`).join(', ')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          Hemolysis groups
        </Typography>
        <TableContainer>
          <Table size="small" aria-label="Hemolysis groups">
            <TableHead>
              <TableRow>
                <TableCell>Group</TableCell>
                <TableCell>Shown</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell align="right">Organizations</TableCell>
                <TableCell align="right">Pre-HemI x*</TableCell>
                <TableCell>Contributors (measurements)</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.hemolysis_groups.map((g) => (
                <TableRow key={g.key}>
                  <TableCell>{g.label}</TableCell>
                  <TableCell>{g.shown ? 'Shown' : 'Withheld'}</TableCell>
                  <TableCell>{g.reason === null ? MISSING : REASON_LABELS[g.reason]}</TableCell>
                  <TableCell align="right">{g.n_institutes}</TableCell>
                  <TableCell align="right">
                    {g.indicators?.pre_hemi
                      ? `${formatNumber(g.indicators.pre_hemi.robust_mean * 100, 2)}%`
                      : MISSING}
                  </TableCell>
                  <TableCell>
                    {g.institutes.map((i) => `${i.name} (${i.measurements})`).join(', ')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Stack>
  );
}
