import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type {
  LabOutcomesDto,
  LabOutcomesParams,
  OutcomeDayDto,
} from '../../../../shared/api/lab-outcomes';
import { dayRangeErrors, isValidDayRange } from '../../../../shared/domain/dates';
import { counted } from '../../../../shared/domain/plural';
import { TIER_ANALYTES, TIERS, type Tier } from '../../../../shared/lab-feed/outcomes';
import { CLINICAL_ANALYTE_INFO } from '../../../../shared/api/clinical-data';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { categoryXAxis, valueAxis } from '../../../components/charts/options';
import { CHART_TONES } from '../../../components/charts/theme';
import { errorDetail } from '../../../lib/api-client';
import { formatFraction } from '../../../lib/format';
import { zonedToday } from '../../../lib/time-zone';
import { useLabOutcomes } from '../api/get-lab-outcomes';
import { BeforeAfter } from './before-after';

export const TIER_WORDS: Record<Tier, string> = {
  release: 'Release',
  comment: 'Release with comment',
  suppress: 'Suppress',
  gross: 'Grossly hemolysed',
};
const TIER_COLORS: Record<Tier, string> = {
  release: CHART_TONES.good,
  comment: CHART_TONES.highlight,
  suppress: CHART_TONES.warning,
  gross: CHART_TONES.bad,
};

const EMPTY = 'No lab-feed results on this line in the period.';

const binLabel = (b: OutcomeDayDto['hi']['bins'][number]) =>
  b.upper === null ? `≥ ${b.lower}` : `${b.lower}–${b.upper}`;

/** HI median and p95 per day. */
function dailyOption(days: OutcomeDayDto[]) {
  if (!days.length) return null;
  const { gridBottom, dataZoom, xAxis } = categoryXAxis(days.map((d) => d.date));
  return {
    grid: { left: 72, right: 32, top: 36, bottom: gridBottom },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    dataZoom,
    xAxis,
    yAxis: valueAxis('HI', 'mg/dL', { scale: false }),
    series: [
      { name: 'Median', type: 'line', data: days.map((d) => d.hi.median) },
      { name: 'p95', type: 'line', data: days.map((d) => d.hi.p95) },
    ],
  };
}

/** The period's samples per HI bin. */
function histogramOption(days: OutcomeDayDto[]) {
  if (!days.length) return null;
  const bins = days[0].hi.bins.map((b, i) => ({
    label: binLabel(b),
    count: days.reduce((sum, d) => sum + d.hi.bins[i].count, 0),
  }));
  return {
    grid: { left: 72, right: 32, top: 24, bottom: 64 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: bins.map((b) => b.label), name: 'HI (mg/dL)' },
    yAxis: valueAxis('Samples', 'n', { scale: false }),
    series: [{ name: 'Samples', type: 'bar', data: bins.map((b) => b.count) }],
  };
}

/** Each analyte's tiers over the period (fractions of all samples), cut-offs in the names. */
function tierOption(o: LabOutcomesDto) {
  const samples = o.days.reduce((sum, d) => sum + d.samples, 0);
  if (!samples) return null;
  const names = TIER_ANALYTES.map((a) => {
    const c = o.cutoffs[a];
    const comment = c.comment_above === null ? '' : `, comment > ${c.comment_above}`;
    return `${CLINICAL_ANALYTE_INFO[a].name} (suppress > ${c.suppress_above}${comment}, gross ≥ ${o.gross_at} mg/dL)`;
  });
  const share = (a: (typeof TIER_ANALYTES)[number], t: Tier) =>
    o.days.reduce((sum, d) => sum + d.tiers[a][t] * d.samples, 0) / samples;
  return {
    grid: { left: 320, right: 32, top: 36, bottom: 48 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', valueFormatter: formatFraction },
    xAxis: { type: 'value', max: 1, axisLabel: { formatter: (v: number) => `${v * 100}%` } },
    yAxis: { type: 'category', data: names, axisLabel: { width: 300, overflow: 'truncate' } },
    series: TIERS.map((t) => ({
      name: TIER_WORDS[t],
      type: 'bar',
      stack: 'tiers',
      itemStyle: { color: TIER_COLORS[t] },
      data: TIER_ANALYTES.map((a) => share(a, t)),
    })),
  };
}

/** The tiers' cut-offs in words, since a chart's colour alone never carries the meaning. */
function CutoffWords({ outcomes }: { outcomes: LabOutcomesDto }) {
  return (
    <Typography variant="body2" color="text.secondary">
      EFLM tiers of every sample with an HI: grossly hemolysed at HI ≥ {outcomes.gross_at} mg/dL
      (free Hb ≥ 10 g/L); else suppressed above the analyzer threshold; else released with a comment
      above the comment cut-off (Settings, Analyzer); else released.{' '}
      {TIER_ANALYTES.map((a) => {
        const c = outcomes.cutoffs[a];
        return `${CLINICAL_ANALYTE_INFO[a].name}: suppress above ${c.suppress_above} mg/dL${
          c.comment_above === null ? '' : `, comment above ${c.comment_above} mg/dL`
        }.`;
      }).join(' ')}
    </Typography>
  );
}

/**
 * /line/{id}/outcomes ('Lab outcomes', lab-feed.md section 9): the line's HI median and p95 per
 * day, the HI histogram and the EFLM tiers over the period, and the before/after test.
 */
export function LabOutcomesView({ lineId, instituteId }: { lineId: number; instituteId: number }) {
  const [range, setRange] = useState({ from: '', to: '' });
  const [params, setParams] = useState<LabOutcomesParams>({});
  const outcomes = useLabOutcomes(lineId, params);
  const today = zonedToday(outcomes.data?.timezone);
  const errors = dayRangeErrors(range, today);
  const days = outcomes.data?.days ?? [];
  const state = {
    loading: outcomes.isLoading,
    error: outcomes.isError,
    errorText: errorDetail(outcomes.error),
    emptyText: EMPTY,
  };
  /** A period is asked for once both ends are fine (an empty end: the server's default). */
  const change = (next: { from: string; to: string }) => {
    setRange(next);
    if (isValidDayRange(next, today))
      setParams({
        ...(next.from ? { date__gte: next.from } : {}),
        ...(next.to ? { date__lte: next.to } : {}),
      });
  };

  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }} component="section" aria-label="Period">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="date"
            label="From Date"
            margin="none"
            value={range.from}
            onChange={(e) => change({ ...range, from: e.target.value })}
            error={errors.from !== undefined}
            helperText={errors.from ?? 'Empty: 30 days before To Date'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
          <TextField
            type="date"
            label="To Date"
            margin="none"
            value={range.to}
            onChange={(e) => change({ ...range, to: e.target.value })}
            error={errors.to !== undefined}
            helperText={errors.to ?? 'Empty: today'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
          {outcomes.data && (
            <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
              Local dates in {outcomes.data.timezone}; {counted(days.length, 'day', 'days')} with
              results.
            </Typography>
          )}
        </Stack>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <ChartPanel
          title="HI median and p95 per day"
          exportName={`lab-outcomes-${lineId}-hi`}
          option={dailyOption(days)}
          testId="lab-outcomes-daily"
          {...state}
        />
        <ChartPanel
          title="HI histogram"
          exportName={`lab-outcomes-${lineId}-histogram`}
          option={histogramOption(days)}
          testId="lab-outcomes-histogram"
          {...state}
        />
        <ChartPanel
          title="EFLM tiers"
          exportName={`lab-outcomes-${lineId}-tiers`}
          option={outcomes.data ? tierOption(outcomes.data) : null}
          height={260}
          testId="lab-outcomes-tiers"
          {...state}
        />
        {outcomes.data && <CutoffWords outcomes={outcomes.data} />}
      </Paper>
      <BeforeAfter lineId={lineId} instituteId={instituteId} />
    </Stack>
  );
}
