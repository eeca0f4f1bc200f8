import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router-dom';
import type { ValidationLineStats } from '../../../../shared/api/validations';
import { RejectionChart, seriesPerAnalyte } from '../../../components/charts/rejection-chart';
import { EmptyState, ErrorFetching, RetrievingData } from '../../../components/ui/query-state';
import { useLineWord } from '../../institutes';
import { useValidationLines } from '../api/get-validation-lines';
import { BandChip, RejectionChip } from '../../../components/ui/rejection-chip';
import { formatNumber, formatPercent } from '../../../lib/format';
import { METRIC_DECIMALS, metricMeanLabel, useShownMetric } from '../../../lib/ui-store';

/** Each line's figures of the metric shown (the staff's beta choice, else VitalMetric). */
function SummaryTable({ rows }: { rows: ValidationLineStats[] }) {
  const word = useLineWord();
  const metric = useShownMetric();
  return (
    <Table size="small" aria-label="Summary">
      <TableHead>
        <TableRow>
          <TableCell>{word.singular}</TableCell>
          <TableCell align="right">Length (m)</TableCell>
          <TableCell align="right">Records</TableCell>
          <TableCell align="right">{metricMeanLabel(metric)}</TableCell>
          <TableCell align="right">CV</TableCell>
          <TableCell>Performance</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.line_id}>
            <TableCell>{r.line_name}</TableCell>
            <TableCell align="right">{r.line_length ?? '–'}</TableCell>
            <TableCell align="right">{r.record_count}</TableCell>
            <TableCell align="right">
              {formatNumber(r[metric].mean, METRIC_DECIMALS[metric])}
            </TableCell>
            <TableCell align="right">{formatPercent(r[metric].cv)}</TableCell>
            <TableCell>{r.auc.performance ? <BandChip band={r.auc.performance} /> : '–'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function RejectionTab({ rows }: { rows: ValidationLineStats[] }) {
  const word = useLineWord();
  const shown = rows.filter((r) => r.auc.rejection_rates !== null);
  if (shown.length === 0) return <EmptyState text="No Validation Results" />;
  const rate = (a: 'ldh' | 'asat' | 'potassium') =>
    shown.map((r) => r.auc.rejection_rates?.[a] ?? null);
  return (
    <>
      <RejectionChart
        exportName="validation-rejection"
        title={`Rejection probability per ${word.singular}`}
        categories={shown.map((r) => r.line_name)}
        series={seriesPerAnalyte(rate)}
      />
      <Table size="small" aria-label="Rejection">
        <TableHead>
          <TableRow>
            <TableCell>{word.singular}</TableCell>
            <TableCell>LDH</TableCell>
            <TableCell>ASAT</TableCell>
            <TableCell>K</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((r) => (
            <TableRow key={r.line_id}>
              <TableCell>{r.line_name}</TableCell>
              {(['ldh', 'asat', 'potassium'] as const).map((a) => (
                <TableCell key={a}>
                  <RejectionChip fraction={r.auc.rejection_rates?.[a] ?? 0} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

/** A completed validation's results: Summary and Rejection tabs (tab kept in `?tab=`). */
export function ValidationResults({ validationId }: { validationId: number }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'rejection' ? 'rejection' : 'summary';
  const lines = useValidationLines(validationId);
  return (
    <Paper sx={{ p: 2 }} component="section" aria-label="Results">
      <Tabs
        value={tab}
        onChange={(_e, v: string) => setParams({ tab: v }, { replace: true })}
        aria-label="Results"
      >
        <Tab value="summary" label="Summary" />
        <Tab value="rejection" label="Rejection" />
      </Tabs>
      {lines.isError && <ErrorFetching />}
      {lines.isLoading && <RetrievingData />}
      {lines.data?.length === 0 && <EmptyState text="No Validation Results" />}
      {lines.data && lines.data.length > 0 && tab === 'summary' && (
        <SummaryTable rows={lines.data} />
      )}
      {lines.data && lines.data.length > 0 && tab === 'rejection' && (
        <RejectionTab rows={lines.data} />
      )}
    </Paper>
  );
}
