import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatNumber, formatVitalMetric, MISSING } from '../../../lib/format';
import type { BenchmarkGroup, BenchmarkLine } from '../api/types';
import { LineBandChip } from './band-chip';
import { STATUS_LABELS } from './words';

/** The institute's lines with their quarter's figures (section 9); the screen rounds. */
export function BenchmarkLinesTable({
  lines,
  groups,
  lineWord,
}: {
  lines: BenchmarkLine[];
  groups: BenchmarkGroup[];
  lineWord: string;
}) {
  const labelOf = (key: string | null) =>
    key === null ? MISSING : (groups.find((g) => g.key === key)?.label ?? key);
  return (
    <TableContainer>
      <Table size="small" aria-label={`${lineWord} compared`}>
        <TableHead>
          <TableRow>
            <TableCell>{lineWord}</TableCell>
            <TableCell align="right">Records</TableCell>
            <TableCell align="right">VitalMetric</TableCell>
            <TableCell>Group</TableCell>
            <TableCell align="right">z</TableCell>
            <TableCell align="right">Percentile</TableCell>
            <TableCell align="right">Quintile</TableCell>
            <TableCell>Band</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.line_id}>
              <TableCell>{line.line_name}</TableCell>
              <TableCell align="right">{line.records}</TableCell>
              <TableCell align="right">{formatVitalMetric(line.value)}</TableCell>
              <TableCell>
                {line.status === 'compared' ? labelOf(line.group) : STATUS_LABELS[line.status]}
              </TableCell>
              <TableCell align="right">{formatNumber(line.z, 2)}</TableCell>
              <TableCell align="right">{formatNumber(line.percentile, 0)}</TableCell>
              <TableCell align="right">{line.quintile ?? MISSING}</TableCell>
              <TableCell>
                <LineBandChip band={line.band} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
