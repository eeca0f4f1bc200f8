import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LineDto } from '../../../../shared/api/lines';
import type { RecordDto } from '../../../../shared/api/records';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { band, referenceLine, valueAxis, xZoom } from '../../../components/charts/options';
import { CHART_TONES } from '../../../components/charts/theme';
import { formatDate } from '../../../lib/format';
import { useRecords } from '../api/get-records';

const SD_STEPS = [1, 2, 3] as const;

/**
 * Mean and ±1, 2, 3 SD of the validated records (the baseline) when the line has them, else of
 * all its records, labelled.
 */
function statisticLines(line: LineDto) {
  const { mean, stddev } = (line.validation_statistics ?? line.line_statistics).auc;
  if (mean === null) return [];
  const lines = [referenceLine(mean, `Mean ${mean.toFixed(0)}`, CHART_TONES.reference, 'solid')];
  if (stddev === null) return lines;
  for (const k of SD_STEPS) {
    const type = k === 1 ? 'dashed' : 'dotted';
    lines.push(referenceLine(mean + k * stddev, `+${k} SD`, CHART_TONES.muted, type));
    if (mean - k * stddev > 0)
      lines.push(referenceLine(mean - k * stddev, `−${k} SD`, CHART_TONES.muted, type));
  }
  return lines;
}

/** Beyond the validated range (99% of measurements) samples are at risk: shaded zones. */
function rejectionZones(line: LineDto) {
  const range = line.validation_statistics?.range;
  if (!range) return [];
  return [
    band(range.upper, 'max', 'Rejection zone (above range)', CHART_TONES.bad, 0.1),
    band('min', range.lower, 'Below range', CHART_TONES.bad, 0.06),
  ];
}

type Point = [number, number, number];

/** The line's monitoring: its records' VitalMetric over time; a click opens the record. */
export function LineTrendPlot({ line, instituteId }: { line: LineDto; instituteId: number }) {
  const navigate = useNavigate();
  const records = useRecords(instituteId, {
    line_id: line.id,
    exclude: false,
    size: 9999,
    ordering: 'date',
  });

  const option = useMemo(() => {
    const rows = (records.data?.items ?? []).filter(
      (r): r is RecordDto & { metrics: NonNullable<RecordDto['metrics']> } => r.metrics !== null,
    );
    if (rows.length === 0) return null;
    return {
      grid: { left: 72, right: 96, top: 24, bottom: 64 },
      tooltip: {
        trigger: 'item',
        formatter: ({ value }: { value: Point }) =>
          `${formatDate(new Date(value[0]))}<br/><b>${value[1].toFixed(0)} g·s</b>`,
      },
      xAxis: { type: 'time', name: 'Date', nameLocation: 'middle', nameGap: 28 },
      yAxis: valueAxis('VitalMetric', 'g·s', { min: 0 }),
      dataZoom: xZoom(),
      series: [
        {
          type: 'scatter',
          name: 'VitalMetric',
          symbolSize: 7,
          cursor: 'pointer',
          data: rows.map((r): Point => [Date.parse(r.date), r.metrics.auc, r.id]),
          markLine: { silent: true, symbol: 'none', data: statisticLines(line) },
          markArea: { silent: true, data: rejectionZones(line) },
        },
      ],
    };
  }, [records.data, line]);

  return (
    <ChartPanel
      title={`Trend of ${line.name}`}
      exportName={`line-${line.id}-trend`}
      option={option}
      loading={records.isLoading}
      error={records.isError}
      emptyText="No Records Assigned"
      height={420}
      onEvents={{
        click: (params: { value?: Point }) => {
          const id = params.value?.[2];
          if (id !== undefined) navigate(`/record/${id}`);
        },
      }}
      testId="line-trend-plot"
    />
  );
}
