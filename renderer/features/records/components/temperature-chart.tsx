import { useMemo } from 'react';
import type { RecordDto } from '../../../../shared/api/records';
import { TEMPERATURE_LIMITS } from '../../../../shared/vial/temperature';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { errorDetail } from '../../../lib/api-client';
import {
  band,
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
import { useTemperatureData } from '../api/get-record-series';

/** The controlled and excursion ranges of the record's temperature type, as labelled bands. */
function limitBands(type: RecordDto['temperature_type']) {
  if (!type) return [];
  const { controlled, excursion } = TEMPERATURE_LIMITS[type];
  const same = controlled.min === excursion.min && controlled.max === excursion.max;
  const c = `Controlled ${controlled.min} to ${controlled.max} °C`;
  const e = `Excursion ${excursion.min} to ${excursion.max} °C`;
  return same
    ? [band(controlled.min, controlled.max, `${c} (also excursion)`, CHART_TONES.good)]
    : [
        band(excursion.min, excursion.max, e, CHART_TONES.warning, 0.08),
        band(controlled.min, controlled.max, c, CHART_TONES.good, 0.14),
      ];
}

/** The Temperature tab: the series over the limits of the record's temperature type. */
export function TemperatureChart({ record, mode }: { record: RecordDto; mode: TimeAxisMode }) {
  const data = useTemperatureData(record.id);
  const startMs = Date.parse(record.date);
  const option = useMemo(() => {
    const d = data.data;
    if (!d || d.temperature.length === 0) return null;
    const limits = record.temperature_type ? TEMPERATURE_LIMITS[record.temperature_type] : null;
    const values = [
      ...d.temperature,
      ...(limits ? [limits.excursion.min, limits.excursion.max] : []),
    ];
    return {
      grid: gridWithZoom,
      tooltip: {
        trigger: 'axis',
        formatter: (items: { value: [number, number] }[]) => {
          const [x, y] = items[0].value;
          return `${timeLabel(mode, x)}<br/><b>${y.toFixed(1)} °C</b>`;
        },
      },
      xAxis: timeAxis(mode),
      yAxis: valueAxis('Temperature', '°C', {
        scale: false,
        min: Math.floor(Math.min(...values) - 2),
        max: Math.ceil(Math.max(...values) + 2),
      }),
      dataZoom: xZoom(),
      series: [
        thinnedLine({
          name: 'Temperature',
          data: d.temperature_time.map((t, i) => [timeValue(mode, startMs, t), d.temperature[i]]),
          markArea: { silent: true, data: limitBands(record.temperature_type) },
        }),
      ],
    };
  }, [data.data, mode, startMs, record.temperature_type]);
  return (
    <ChartPanel
      title="Temperature"
      exportName={`record-${record.id}-temperature`}
      option={option}
      loading={data.isLoading}
      error={data.isError}
      errorText={errorDetail(data.error)}
      emptyText="No temperature data to show."
      testId="temperature-chart"
    />
  );
}
