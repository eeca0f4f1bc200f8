import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import type { WithheldReason } from '../../../../shared/api/benchmarks';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { ErrorFetching } from '../../../components/ui/query-state';
import { formatDateTime, formatVitalMetric, MISSING } from '../../../lib/format';
import { useBenchmarksOverview } from '../api/get-benchmarks-overview';
import { QuarterPicker } from './quarter-picker';
import { formatRate, REASON_LABELS } from './words';

const KIND_LABELS = { pts: 'PTS', courier: 'Courier' } as const;

/** A column's heading, right-aligned for a figure. */
type Column = string | [string, 'right'];

/** The columns every group's row starts with (`DecisionCells`). */
const DECISION_COLUMNS: Column[] = ['Group', 'Shown', 'Reason', ['Organizations', 'right']];

/** A group's label, whether it is shown and why not, and its organizations. */
function DecisionCells({
  group,
}: {
  group: { label: string; shown: boolean; reason: WithheldReason | null; n_institutes: number };
}) {
  return (
    <>
      <TableCell>{group.label}</TableCell>
      <TableCell>{group.shown ? 'Shown' : 'Withheld'}</TableCell>
      <TableCell>{group.reason === null ? MISSING : REASON_LABELS[group.reason]}</TableCell>
      <TableCell align="right">{group.n_institutes}</TableCell>
    </>
  );
}

/** A titled table of the overview (named `label`, or its title): its headings, then its rows. */
function TableSection({
  title,
  label = title,
  columns,
  children,
}: {
  title: string;
  label?: string;
  columns: Column[];
  children: ReactNode;
}) {
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((c) =>
                typeof c === 'string' ? (
                  <TableCell key={c}>{c}</TableCell>
                ) : (
                  <TableCell key={c[0]} align={c[1]}>
                    {c[0]}
                  </TableCell>
                ),
              )}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

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
      <TableSection
        title={`Participants (${data.participants.length})`}
        label="Participants"
        columns={['Organization', 'Kind', 'Time zone']}
      >
        {data.participants.map((p) => (
          <TableRow key={p.id}>
            <TableCell>{p.name}</TableCell>
            <TableCell>{KIND_LABELS[p.kind]}</TableCell>
            <TableCell>{p.timezone}</TableCell>
          </TableRow>
        ))}
      </TableSection>
      <TableSection
        title="Groups"
        columns={[
          ...DECISION_COLUMNS,
          ['Lines', 'right'],
          ['x*', 'right'],
          ['s*', 'right'],
          ['P50', 'right'],
          'Contributors',
        ]}
      >
        {data.groups.map((g) => (
          <TableRow key={g.key}>
            <DecisionCells group={g} />
            <TableCell align="right">{g.n_lines}</TableCell>
            <TableCell align="right">{formatVitalMetric(g.robust_mean)}</TableCell>
            <TableCell align="right">{formatVitalMetric(g.robust_sd)}</TableCell>
            <TableCell align="right">{formatVitalMetric(g.percentiles?.p50)}</TableCell>
            <TableCell>{g.institutes.map((i) => `${i.name} (${i.n_lines})`).join(', ')}</TableCell>
          </TableRow>
        ))}
      </TableSection>
      <TableSection
        title="Hemolysis groups"
        columns={[...DECISION_COLUMNS, ['Pre-HemI x*', 'right'], 'Contributors (measurements)']}
      >
        {data.hemolysis_groups.map((g) => (
          <TableRow key={g.key}>
            <DecisionCells group={g} />
            <TableCell align="right">
              {formatRate(g.indicators?.pre_hemi.robust_mean ?? null)}
            </TableCell>
            <TableCell>
              {g.institutes.map((i) => `${i.name} (${i.measurements})`).join(', ')}
            </TableCell>
          </TableRow>
        ))}
      </TableSection>
    </Stack>
  );
}
