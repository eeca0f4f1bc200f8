import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import {
  CUMULATIVE_METRICS,
  type CumulativeMetric,
  type RecordDto,
} from '../../../../shared/api/records';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { errorDetail } from '../../../lib/api-client';
import {
  gridWithZoom,
  timeAxis,
  timeLabel,
  thinnedLine,
  timeValue,
  valueAxis,
  xZoom,
  type TimeAxisMode,
} from '../../../components/charts/options';
import { CHART_TONES } from '../../../components/charts/theme';
import { useBetaMetricsEnabled, useShownMetric } from '../../../lib/ui-store';
import { useAccelerationData, useCumulativeData } from '../api/get-record-series';

/** What each cumulative metric is called and measured in; non-auc ones are Beta (spec 9). */
const METRICS: Record<CumulativeMetric, { name: string; unit: string; decimals: number }> = {
  auc: { name: 'VitalMetric', unit: 'g·s', decimals: 0 },
  auc_225hz: { name: 'AUC 225 (Beta)', unit: 'g·s', decimals: 0 },
  power: { name: 'Power (Beta)', unit: 'g²', decimals: 3 },
};

interface Props {
  record: RecordDto;
  mode: TimeAxisMode;
}

const axisTooltip = (mode: TimeAxisMode, unit: string, decimals: number) => ({
  trigger: 'axis',
  formatter: (items: { value: [number, number] }[]) => {
    const [x, y] = items[0].value;
    return `${timeLabel(mode, x)}<br/><b>${y.toFixed(decimals)} ${unit}</b>`;
  },
});

function RawAcceleration({ record, mode }: Props) {
  const data = useAccelerationData(record.id);
  const startMs = Date.parse(record.date);
  const option = useMemo(() => {
    const d = data.data;
    if (!d || d.acceleration.length === 0) return null;
    const points = d.acceleration_time.map((t, i) => [
      timeValue(mode, startMs, t),
      d.acceleration[i],
    ]);
    let peak = 0;
    d.acceleration.forEach((v, i) => {
      if (v > d.acceleration[peak]) peak = i;
    });
    const max = d.maximum_acceleration ?? d.acceleration[peak];
    return {
      grid: gridWithZoom,
      tooltip: axisTooltip(mode, 'g', 2),
      xAxis: timeAxis(mode),
      yAxis: valueAxis('Acceleration', 'g', { min: 0 }),
      dataZoom: xZoom(),
      series: [
        thinnedLine({
          name: 'Acceleration',
          data: points,
          markPoint: {
            symbol: 'pin',
            symbolSize: 44,
            itemStyle: { color: CHART_TONES.warning },
            label: { formatter: 'Max', fontSize: 10 },
            data: [{ name: `Maximum ${max.toFixed(2)} g`, coord: points[peak], value: max }],
            tooltip: { formatter: `Maximum acceleration: ${max.toFixed(2)} g` },
          },
        }),
      ],
    };
  }, [data.data, mode, startMs]);
  return (
    <ChartPanel
      title="Raw Acceleration"
      exportName={`record-${record.id}-acceleration`}
      option={option}
      loading={data.isLoading}
      error={data.isError}
      errorText={errorDetail(data.error)}
      emptyText="No acceleration data to show."
      testId="acceleration-chart"
    />
  );
}

function CumulativeMetricChart({ record, mode }: Props) {
  const betaMetrics = useBetaMetricsEnabled();
  // Starts at the metric chosen in the top bar (staff, betaMetrics); 'auc' for everyone else,
  // who get no picker.
  const [metric, setMetric] = useState<CumulativeMetric>(useShownMetric());
  const data = useCumulativeData(record.id, metric);
  const startMs = Date.parse(record.date);
  const { name, unit, decimals } = METRICS[metric];
  const option = useMemo(() => {
    const d = data.data;
    if (!d || d.cumulative_metric.length === 0) return null;
    return {
      grid: gridWithZoom,
      tooltip: axisTooltip(mode, unit, decimals),
      xAxis: timeAxis(mode),
      yAxis: valueAxis(name.replace(' (Beta)', ''), unit, { min: 0 }),
      dataZoom: xZoom(),
      series: [
        thinnedLine({
          name,
          areaStyle: { opacity: 0.08 },
          data: d.time.map((t, i) => [timeValue(mode, startMs, t), d.cumulative_metric[i]]),
        }),
      ],
    };
  }, [data.data, mode, startMs, name, unit, decimals]);
  const picker = betaMetrics && (
    <TextField
      select
      size="small"
      margin="none"
      label="Metric"
      value={metric}
      onChange={(e) => setMetric(e.target.value as CumulativeMetric)}
      sx={{ width: 200 }}
    >
      {CUMULATIVE_METRICS.map((m) => (
        <MenuItem key={m} value={m}>
          {METRICS[m].name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <ChartPanel
      title={`Cumulative ${metric === 'auc' ? 'VitalMetric' : name}`}
      exportName={`record-${record.id}-cumulative-${metric}`}
      option={option}
      loading={data.isLoading}
      error={data.isError}
      errorText={errorDetail(data.error)}
      emptyText="No acceleration data to show."
      actions={picker}
      testId="cumulative-chart"
    />
  );
}

/**
 * The Acceleration tab: the raw series with its peak, and (`cumulative`, false in the record
 * page's first pass) the running VitalMetric.
 */
export function AccelerationCharts({ cumulative, ...props }: Props & { cumulative: boolean }) {
  return (
    <>
      <RawAcceleration {...props} />
      {cumulative && <CumulativeMetricChart {...props} />}
    </>
  );
}
