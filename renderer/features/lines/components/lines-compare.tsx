import Autocomplete from '@mui/material/Autocomplete';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LineDto } from '../../../../shared/api/lines';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { RejectionChart, seriesPerAnalyte } from '../../../components/charts/rejection-chart';
import { EmptyState, ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { useLineWord } from '../../institutes';
import { useLines } from '../api/get-lines';
import { barOption } from './bar-option';
import { BandChip, RejectionChip } from '../../../components/ui/rejection-chip';
import { formatDay } from '../../../lib/calendar-day';
import { formatNumber, formatPercent } from '../../../lib/format';
import { ANALYTE_NAMES, ANALYTES } from '../../../../shared/rejection/model';

const ROWS: [string, (l: LineDto) => ReactNode][] = [
  ['Records', (l) => l.line_statistics.record_count],
  ['VitalMetric mean (g·s)', (l) => formatNumber(l.line_statistics.auc.mean, 0)],
  ['CV', (l) => formatPercent(l.line_statistics.auc.cv)],
  [
    'Performance',
    (l) =>
      l.line_statistics.auc.performance ? (
        <BandChip band={l.line_statistics.auc.performance} />
      ) : (
        '–'
      ),
  ],
  ...ANALYTES.map((a): [string, (l: LineDto) => ReactNode] => [
    `${ANALYTE_NAMES[a]} rejection`,
    (l) => {
      const rates = l.line_statistics.auc.rejection_rates;
      return rates ? <RejectionChip fraction={rates[a]} /> : '–';
    },
  ]),
  [
    'Validated range (g·s)',
    (l) => {
      const r = l.validation_statistics?.range;
      return r ? `${formatNumber(r.lower, 0)} – ${formatNumber(r.upper, 0)}` : '–';
    },
  ],
  ['Last validated', (l) => formatDay(l.validation?.validation_start_date)],
  ['Length (m)', (l) => l.length ?? '–'],
];

/** Lines' statistics side by side and in charts; the chosen lines live in `?ids=`. */
export function LinesCompare({ instituteId }: { instituteId: number }) {
  const word = useLineWord();
  const [params, setParams] = useSearchParams();
  const lines = useLines({ instituteId, archived: false, ordering: 'name' });
  if (lines.isError) return <ErrorFetching error={lines.error} />;
  if (!lines.data) return <RetrievingData />;
  const all = lines.data.items;
  const chosenIds = (params.get('ids') ?? '').split(',').filter(Boolean).map(Number);
  // Until the user chooses, every line with figures is compared.
  const chosen = chosenIds.length
    ? all.filter((l) => chosenIds.includes(l.id))
    : all.filter((l) => l.line_statistics.auc.mean !== null);
  const withRates = chosen.filter((l) => l.line_statistics.auc.rejection_rates !== null);

  return (
    <Stack spacing={2}>
      <Autocomplete
        multiple
        options={all}
        getOptionLabel={(l) => l.name}
        value={chosen}
        onChange={(_e, v) => setParams({ ids: v.map((l) => l.id).join(',') }, { replace: true })}
        renderInput={(p) => <TextField {...p} label={`${word.plural} to compare`} />}
      />
      {chosen.length === 0 ? (
        <EmptyState text="No Data" />
      ) : (
        <>
          <Paper sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={`${word.plural} compared`}>
              <TableHead>
                <TableRow>
                  <TableCell />
                  {chosen.map((l) => (
                    <TableCell key={l.id} sx={{ fontWeight: 600 }}>
                      {l.name}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {ROWS.map(([label, value]) => (
                  <TableRow key={label}>
                    <TableCell
                      component="th"
                      scope="row"
                      sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                    >
                      {label}
                    </TableCell>
                    {chosen.map((l) => (
                      <TableCell key={l.id}>{value(l)}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
          <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
            <Paper sx={{ p: 2, flex: 1 }}>
              <ChartPanel
                title={`Mean VitalMetric per ${word.singular}`}
                exportName="lines-compare-vitalmetric"
                option={barOption(
                  chosen.map((l) => l.name),
                  chosen.map((l) => l.line_statistics.auc.mean ?? 0),
                  { name: 'Mean VitalMetric', unit: 'g·s', decimals: 0 },
                )}
              />
            </Paper>
            <Paper sx={{ p: 2, flex: 1 }}>
              <RejectionChart
                exportName="lines-compare-rejection"
                title={`Rejection probability per ${word.singular}`}
                categories={withRates.map((l) => l.name)}
                series={seriesPerAnalyte((a) =>
                  withRates.map((l) => l.line_statistics.auc.rejection_rates?.[a] ?? null),
                )}
              />
            </Paper>
          </Stack>
        </>
      )}
    </Stack>
  );
}
