import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { MISSING } from '../../../lib/format';
import { useLineWord } from '../../institutes';
import type { Analyte, ComparisonGroup } from '../api/types';
import { analyteUnit, formatFigure, formatInterval, formatP, formatSlope } from './study-words';
import { VerdictChip } from './verdict';

interface Row {
  label: string;
  cell: (g: ComparisonGroup) => ReactNode;
}

/** The Bland-Altman rows of one scale. */
function blandAltmanRows(analyte: Analyte, scale: 'absolute' | 'percent', unit: string): Row[] {
  const figure = (v: number | null | undefined) => formatFigure(v, analyte, scale);
  const ba = (g: ComparisonGroup) => g.bland_altman[scale];
  const suffix = scale === 'percent' ? '(%)' : `(${unit})`;
  const name = scale === 'percent' ? 'percent' : 'absolute';
  return [
    { label: `Pairs, ${name} scale`, cell: (g) => ba(g)?.n ?? MISSING },
    { label: `Bias ${suffix}`, cell: (g) => figure(ba(g)?.bias) },
    { label: `Bias interval ${suffix}`, cell: (g) => formatInterval(ba(g)?.bias_ci, figure) },
    { label: `SD of differences ${suffix}`, cell: (g) => figure(ba(g)?.sd) },
    {
      label: `Lower limit of agreement ${suffix}`,
      cell: (g) =>
        ba(g)
          ? `${figure(ba(g)?.loa_lower)} (${formatInterval(ba(g)?.loa_lower_ci, figure)})`
          : MISSING,
    },
    {
      label: `Upper limit of agreement ${suffix}`,
      cell: (g) =>
        ba(g)
          ? `${figure(ba(g)?.loa_upper)} (${formatInterval(ba(g)?.loa_upper_ci, figure)})`
          : MISSING,
    },
  ];
}

/**
 * The figures of section 3 for each group of one analyte: a column per line and one for all the
 * study's lines, a row per figure, each rounded for the screen (the API gives full precision).
 */
export function FiguresTable({ analyte, groups }: { analyte: Analyte; groups: ComparisonGroup[] }) {
  const word = useLineWord();
  const unit = analyteUnit(analyte);
  const figure = (v: number | null | undefined) => formatFigure(v, analyte);
  const rows: Row[] = [
    { label: 'Verdict', cell: (g) => <VerdictChip group={g} /> },
    { label: 'Pairs', cell: (g) => g.n },
    { label: 'Excluded', cell: (g) => g.excluded },
    ...blandAltmanRows(analyte, 'absolute', unit),
    ...blandAltmanRows(analyte, 'percent', unit),
    {
      label: 'Paired t-test',
      cell: (g) =>
        g.paired_t
          ? `t = ${formatSlope(g.paired_t.t)}, df = ${g.paired_t.df}, p = ${formatP(g.paired_t.p)}`
          : MISSING,
    },
    {
      label: 'Wilcoxon signed-rank',
      cell: (g) =>
        g.wilcoxon
          ? `V = ${g.wilcoxon.v}, p = ${formatP(g.wilcoxon.p)} (${g.wilcoxon.exact ? 'exact' : 'normal approximation'})`
          : MISSING,
    },
    {
      label: 'Passing-Bablok slope',
      cell: (g) =>
        g.passing_bablok
          ? `${formatSlope(g.passing_bablok.slope)} (${formatInterval(g.passing_bablok.slope_ci, formatSlope)})`
          : MISSING,
    },
    {
      label: `Passing-Bablok intercept (${unit})`,
      cell: (g) =>
        g.passing_bablok
          ? `${figure(g.passing_bablok.intercept)} (${formatInterval(g.passing_bablok.intercept_ci, figure)})`
          : MISSING,
    },
    {
      label: 'Deming slope',
      cell: (g) =>
        g.deming
          ? `${formatSlope(g.deming.slope)} (${formatInterval(g.deming.slope_ci, formatSlope)})`
          : MISSING,
    },
    {
      label: `Deming intercept (${unit})`,
      cell: (g) =>
        g.deming
          ? `${figure(g.deming.intercept)} (${formatInterval(g.deming.intercept_ci, figure)})`
          : MISSING,
    },
    ...(groups[0]?.decision_levels ?? []).map((level, index) => ({
      label: `Bias at ${figure(level.x)} ${unit}`,
      cell: (g: ComparisonGroup) => {
        const at = g.decision_levels[index];
        if (!at) return MISSING;
        return `Passing-Bablok ${figure(at.bias_passing_bablok)}; Deming ${figure(at.bias_deming)} (${formatInterval(at.bias_deming_ci, figure)})`;
      },
    })),
  ];
  return (
    // Many lines make the table wider than the screen: a region the keyboard can scroll.
    <TableContainer
      sx={{ overflowX: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={`Figures per ${word.lower}, scrollable`}
    >
      <Table size="small" aria-label={`Figures per ${word.lower}`}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Figure
            </TableCell>
            {groups.map((g) => (
              <TableCell key={g.line_id ?? 'all'} component="th" scope="col">
                {g.line_name ?? `All ${word.lowerPlural}`}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.label}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {row.label}
              </TableCell>
              {groups.map((g) => (
                <TableCell key={g.line_id ?? 'all'}>{row.cell(g)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
