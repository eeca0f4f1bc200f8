import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { LineMonitoringDto, MonitoringPointDto } from '../../../../shared/api/monitoring';
import type { LineWord } from '../../../../shared/domain/line-word';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import {
  describeRule,
  isAlarm,
  MONITORING_RULES,
  RULE_SEVERITY,
  ruleLabel,
  type MonitoringRule,
  type NotMonitoredReason,
} from '../../../../shared/domain/monitoring-rules';
import { counted } from '../../../../shared/domain/plural';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { referenceLine, steppedScale, valueAxis } from '../../../components/charts/options';
import { CHART_COLORS, CHART_TONES } from '../../../components/charts/theme';
import { ErrorFetching } from '../../../components/ui/query-state';
import { formatDate, formatDateTime, formatVitalMetric } from '../../../lib/format';
import { useEvents } from '../../events';
import { useLineWord } from '../../institutes';
import { useLineMonitoring } from '../api/get-line-monitoring';
import { MonitoringFirings } from './monitoring-firings';

/** Why a line is not monitored, in words. */
const NOT_MONITORED: Record<NotMonitoredReason, (word: LineWord) => string> = {
  no_baseline: (w) => `This ${w.lower} has no completed validation to monitor against.`,
  too_few_records: (w) =>
    `Its baseline validation has 2 or fewer records on this ${w.lower}: too few to monitor against.`,
  no_spread: (w) =>
    `Its baseline validation's records on this ${w.lower} all have the same VitalMetric: there is no spread to monitor against.`,
};

/** Each rule's mark: its own symbol, and a colour that says alarm or warning. */
const RULE_SYMBOLS = ['circle', 'rect', 'triangle', 'diamond', 'roundRect', 'pin', 'arrow'];
const markOf = (rule: MonitoringRule) => {
  const k = MONITORING_RULES.indexOf(rule);
  return {
    symbol: RULE_SYMBOLS[k % RULE_SYMBOLS.length],
    color: isAlarm(rule) ? CHART_TONES.bad : CHART_TONES.warning,
    border: CHART_COLORS[k % CHART_COLORS.length],
  };
};

const SD_STEPS = [1, 2, 3] as const;
/** The summary row's height: two lines of its text, as a desktop window wraps it. */
const SUMMARY_HEIGHT = 40;
/** Room right of the plot for the reference lines' labels. */
const LABEL_ROOM = 72;

/** A point's date, VitalMetric and record id. */
type Datum = [number, number, number];

/** What the tooltip says about a record: when, its VitalMetric and z, each rule in words. */
function tooltipOf(point: MonitoringPointDto): string {
  const rules = point.rules.map((f) => `<br/>${f.rule}: ${describeRule(f.rule, f.side)}`);
  return (
    `${formatDateTime(point.date)}<br/><b>${formatVitalMetric(point.value)} g·s</b>` +
    ` (z = ${point.z.toFixed(2)})${rules.join('')}`
  );
}

/**
 * The Levey-Jennings chart (each record against the baseline's mean, ±1/2/3 SD and its 99% range,
 * the firings marked by rule) and beneath it, on the same time axis, the EWMA within its limits.
 */
function monitoringOption(data: LineMonitoringDto) {
  const baseline = data.baseline!;
  const byRecord = new Map(data.points.map((p) => [p.record_id, p]));
  const at = (p: MonitoringPointDto): Datum => [Date.parse(p.date), p.value, p.record_id];
  const fired = MONITORING_RULES.filter((rule) =>
    data.points.some((p) => p.rules.some((f) => f.rule === rule)),
  );
  const references = [
    referenceLine(baseline.mean, 'Mean', CHART_TONES.reference, 'solid', 'end'),
    ...SD_STEPS.flatMap((k) =>
      [1, -1].map((sign) =>
        referenceLine(
          baseline.mean + sign * k * baseline.sd,
          `${sign > 0 ? '+' : '−'}${k} SD`,
          CHART_TONES.muted,
          k === 1 ? 'dashed' : 'dotted',
          'end',
        ),
      ),
    ),
  ];
  // Every reference line in view, ±3 SD and the range included, and every record.
  const values = data.points.map((p) => p.value);
  const spread = 3.5 * baseline.sd;
  const extent = steppedScale(
    Math.max(0, Math.min(baseline.lower, baseline.mean - spread, ...values)),
    Math.max(baseline.upper, baseline.mean + spread, ...values),
  );
  const time = (gridIndex: number) => ({
    type: 'time',
    gridIndex,
    name: gridIndex === 1 ? 'Date' : undefined,
    nameLocation: 'middle',
    nameGap: 28,
  });
  const ewma = (value: (p: MonitoringPointDto) => number) =>
    data.points.map((p) => [Date.parse(p.date), value(p)]);
  const limitLine = (name: string, sign: 1 | -1) => ({
    type: 'line',
    name,
    xAxisIndex: 1,
    yAxisIndex: 1,
    symbol: 'none',
    lineStyle: { color: CHART_TONES.bad, type: 'dashed', width: 1 },
    itemStyle: { color: CHART_TONES.bad },
    data: ewma((p) => sign * p.ewma_limit),
    silent: true,
  });
  return {
    grid: [
      { left: 72, right: LABEL_ROOM, top: 36, height: '52%' },
      { left: 72, right: LABEL_ROOM, top: '72%', bottom: 64 },
    ],
    // Each rule's entry by its code, with its name in words on hover and focus.
    legend: {
      top: 0,
      right: 0,
      tooltip: {
        show: true,
        formatter: ({ name }: { name: string }) =>
          (MONITORING_RULES as readonly string[]).includes(name)
            ? ruleLabel(name as MonitoringRule)
            : name,
      },
    },
    tooltip: {
      trigger: 'item',
      formatter: ({ value }: { value: Datum }) => {
        const point = byRecord.get(value[2]);
        return point ? tooltipOf(point) : '';
      },
    },
    xAxis: [time(0), time(1)],
    yAxis: [
      valueAxis('VitalMetric', 'g·s', { gridIndex: 0, ...extent }),
      {
        type: 'value',
        gridIndex: 1,
        name: 'EWMA (z)',
        nameLocation: 'middle',
        nameGap: 48,
        splitNumber: 3,
      },
    ],
    dataZoom: [
      { type: 'inside', xAxisIndex: [0, 1], filterMode: 'none' },
      { type: 'slider', xAxisIndex: [0, 1], filterMode: 'none', height: 18, bottom: 8 },
    ],
    series: [
      {
        type: 'scatter',
        name: 'Records',
        symbolSize: 7,
        itemStyle: { color: CHART_TONES.reference },
        data: data.points.map(at),
        markLine: { silent: true, symbol: 'none', data: references },
        markArea: {
          silent: true,
          data: [
            [
              {
                name: '99% range',
                yAxis: baseline.lower,
                itemStyle: { color: CHART_TONES.good, opacity: 0.06 },
                label: { position: 'insideTopLeft', fontSize: 11, color: CHART_TONES.good },
              },
              { yAxis: baseline.upper },
            ],
          ],
        },
      },
      ...fired.map((rule) => {
        const mark = markOf(rule);
        return {
          type: 'scatter',
          name: rule,
          symbol: mark.symbol,
          symbolSize: 15,
          itemStyle: { color: 'transparent', borderColor: mark.color, borderWidth: 2 },
          data: data.points.filter((p) => p.rules.some((f) => f.rule === rule)).map(at),
          z: 5,
        };
      }),
      {
        type: 'line',
        name: 'EWMA',
        xAxisIndex: 1,
        yAxisIndex: 1,
        symbolSize: 4,
        itemStyle: { color: CHART_TONES.reference },
        data: ewma((p) => p.ewma),
      },
      limitLine('EWMA limit', 1),
      limitLine('EWMA limit', -1),
    ],
  };
}

interface Props {
  lineId: number;
  /** The line's institute, whose events of the line the count beside the chart reads. */
  instituteId: number;
}

/**
 * A line's monitoring (line-monitoring.md): its records since the baseline judged by the control
 * rules, 200 at a time with a way back; or why the line is not monitored.
 */
export function LineMonitoring({ lineId, instituteId }: Props) {
  const word = useLineWord();
  // The pages looked back through: each one's `before` and how many records lie after it.
  const [pages, setPages] = useState<{ before: number; after: number }[]>([]);
  const page = pages.at(-1);
  const monitoring = useLineMonitoring(lineId, page?.before);
  // The line's events (the list beneath reads the same query).
  const events = useEvents({ instituteId, line: lineId, size: FULL_LIST_SIZE });
  const data = monitoring.data;
  const option = useMemo(() => (data?.monitored ? monitoringOption(data) : null), [data]);

  if (monitoring.isError) return <ErrorFetching error={monitoring.error} />;
  if (data && !data.monitored) {
    return (
      <Alert severity="info" data-testid="not-monitored">
        Not monitored. {NOT_MONITORED[data.reason!](word)}
      </Alert>
    );
  }
  const shown = (page?.after ?? 0) + (data?.points.length ?? 0);
  const earlier = data !== undefined && data.total > shown && data.points.length > 0;
  const counts = data
    ? MONITORING_RULES.filter((rule) => data.rule_counts[rule] > 0).map(
        (rule) => [rule, data.rule_counts[rule]] as const,
      )
    : [];
  const firings = counts.reduce((sum, [, count]) => sum + count, 0);
  const alarms = counts.reduce((sum, [rule, count]) => sum + (isAlarm(rule) ? count : 0), 0);
  const eventCount = events.data?.total;

  return (
    <Stack spacing={1}>
      {/* Its line is held while the records load, so the chart below never moves down. */}
      {!data && (
        <Typography variant="body2">
          <Skeleton width="60%" />
        </Typography>
      )}
      {data?.baseline && (
        <Typography variant="body2" color="text.secondary">
          {data.total} records since the baseline{' '}
          <Link component={RouterLink} to={`/validation/${data.baseline.validation_id}`}>
            {data.baseline.validation_name}
          </Link>{' '}
          (completed {formatDate(data.baseline.completed_at)}; mean{' '}
          {formatVitalMetric(data.baseline.mean)} g·s, SD {data.baseline.sd.toFixed(1)} g·s, n ={' '}
          {data.baseline.n}).
        </Typography>
      )}
      {/* The summary's row holds two lines of its text from the start (its chip while the
          records and events come): the chart below never moves as they arrive. */}
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', minHeight: SUMMARY_HEIGHT }}
        useFlexGap
      >
        {data && eventCount !== undefined ? (
          <>
            <Chip
              color={alarms > 0 ? 'error' : 'default'}
              label={`${counted(firings, 'firing', 'firings')} · ${counted(eventCount, 'event', 'events')}`}
            />
            <Typography variant="body2" color="text.secondary">
              {counted(alarms, 'alarm', 'alarms')} and{' '}
              {counted(firings - alarms, 'warning', 'warnings')} since the baseline. Warnings show
              on the chart only; an alarm opens an event when its run enters the sequence, or is
              counted on the event of its rule already open.
            </Typography>
          </>
        ) : (
          <Skeleton variant="rounded" width={240} height={32} />
        )}
      </Stack>
      <ChartPanel
        title="Control rules since the baseline"
        exportName={`line-${lineId}-monitoring`}
        option={option}
        loading={monitoring.isLoading}
        emptyText="No records since the baseline"
        height={560}
        testId="line-monitoring-chart"
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="body2" color="text.secondary">
          Rules fired since the baseline:
        </Typography>
        {counts.length === 0 && <Typography variant="body2">none</Typography>}
        {counts.map(([rule, count]) => (
          <Chip
            key={rule}
            size="small"
            variant="outlined"
            color={isAlarm(rule) ? 'error' : 'warning'}
            label={`${ruleLabel(rule)} (${RULE_SEVERITY[rule]}): ${count}`}
            data-testid={`rule-count-${rule}`}
          />
        ))}
        <span style={{ flexGrow: 1 }} />
        <Button
          disabled={!earlier}
          onClick={() =>
            data && setPages([...pages, { before: data.points[0].record_id, after: shown }])
          }
        >
          Earlier records
        </Button>
        <Button disabled={pages.length === 0} onClick={() => setPages(pages.slice(0, -1))}>
          Later records
        </Button>
      </Stack>
      {data && <MonitoringFirings lineId={lineId} points={data.points} />}
    </Stack>
  );
}
