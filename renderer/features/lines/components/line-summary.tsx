import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { REVALIDATION_MESSAGES, type LineDto } from '../../../../shared/api/lines';
import { MIN_RECORDS_FOR_STATISTICS } from '../../../../shared/api/statistics';
import { BandChip, RejectionChip } from '../../../components/ui/rejection-chip';
import { formatDay } from '../../../lib/calendar-day';
import { formatNumber, formatPercent } from '../../../lib/format';
import {
  METRIC_DECIMALS,
  METRIC_UNITS,
  metricMeanLabel,
  useShownMetric,
} from '../../../lib/ui-store';
import { outOfRangeWarning } from '../out-of-range-warning';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ fontSize: '1.15rem', fontWeight: 600 }}>{children}</Box>
    </Box>
  );
}

/** The line's statistics, validated range and re-validation advice. */
export function LineSummary({ line }: { line: LineDto }) {
  const stats = line.line_statistics;
  const metric = useShownMetric();
  const rates = stats.auc.rejection_rates;
  const validated = line.validation_statistics;
  const enough = stats.record_count >= MIN_RECORDS_FOR_STATISTICS;

  return (
    <Stack spacing={2}>
      {line.out_of_range_count > 0 && (
        <Alert severity="warning" data-testid="out-of-range-warning">
          {outOfRangeWarning(line.out_of_range_count)}
        </Alert>
      )}
      {line.revalidation_recommended && line.revalidation_reason && (
        <Alert severity="info">{REVALIDATION_MESSAGES[line.revalidation_reason]}</Alert>
      )}
      <Paper sx={{ p: 2 }} component="section" aria-label="Statistics">
        <Typography variant="h2" gutterBottom>
          Statistics
        </Typography>
        {!enough && (
          <Typography color="text.secondary" gutterBottom>
            Statistics are shown once more than 2 records are assigned.
          </Typography>
        )}
        <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={3} useFlexGap>
          <Figure label="Records">{stats.record_count}</Figure>
          <Figure label={metricMeanLabel(metric)}>
            {formatNumber(stats[metric].mean, METRIC_DECIMALS[metric])}
          </Figure>
          <Figure label="CV">{formatPercent(stats[metric].cv)}</Figure>
          <Figure label="Performance">
            {stats.auc.performance ? <BandChip band={stats.auc.performance} /> : '–'}
          </Figure>
          <Figure label="LDH rejection">
            {rates ? <RejectionChip fraction={rates.ldh} /> : '–'}
          </Figure>
          <Figure label="ASAT rejection">
            {rates ? <RejectionChip fraction={rates.asat} /> : '–'}
          </Figure>
          <Figure label="K rejection">
            {rates ? <RejectionChip fraction={rates.potassium} /> : '–'}
          </Figure>
        </Stack>
      </Paper>
      <Paper sx={{ p: 2 }} component="section" aria-label="Validated range">
        <Typography variant="h2" gutterBottom>
          Validated Range
        </Typography>
        {validated ? (
          <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={3} useFlexGap>
            <Figure label="Validation">{validated.validation_name}</Figure>
            <Figure label="Range (g·s)">
              {validated.range
                ? `${formatNumber(validated.range.lower, 0)} – ${formatNumber(validated.range.upper, 0)}`
                : '–'}
            </Figure>
            <Figure label={`Validation mean (${METRIC_UNITS[metric]})`}>
              {formatNumber(validated[metric].mean, METRIC_DECIMALS[metric])}
            </Figure>
            <Figure label="Validation records">{validated.record_count}</Figure>
            <Figure label="Records out of range">{line.out_of_range_count}</Figure>
            <Figure label="Next validation">{formatDay(line.next_validation_date)}</Figure>
          </Stack>
        ) : (
          <Typography color="text.secondary">No Validation Results</Typography>
        )}
      </Paper>
      {line.description && (
        <Paper sx={{ p: 2 }}>
          <Typography variant="h3" gutterBottom>
            Description
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{line.description}</Typography>
        </Paper>
      )}
    </Stack>
  );
}
