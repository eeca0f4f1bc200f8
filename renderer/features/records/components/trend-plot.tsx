import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { MIN_RECORDS_FOR_STATISTICS } from '../../../../shared/api/statistics';
import type { LineDto } from '../../../../shared/api/lines';
import type { RecordDto } from '../../../../shared/api/records';
import { ChartPanel } from '../../../components/charts/chart-panel';
import { band, referenceLine, valueAxis, xZoom } from '../../../components/charts/options';
import { CHART_TONES } from '../../../components/charts/theme';
import { formatDate } from '../../../lib/format';
import { useLineWord } from '../../institutes/hooks/use-line-word';
import { useRecords } from '../api/get-records';

const SD_STEPS = [1, 2, 3] as const;

/** Mean and ±1, 2, 3 SD of the line's VitalMetric, labelled (monitoring.md section 9). */
function statisticLines(line: LineDto) {
  const { mean, stddev } = line.line_statistics.auc;
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

/**
 * The VitalMetric of every included record of the line over time, this one highlighted; a click
 * on a point opens that record.
 */
export function TrendPlot({ record, line }: { record: RecordDto; line: LineDto }) {
  const navigate = useNavigate();
  const word = useLineWord();
  const enough = line.line_statistics.record_count >= MIN_RECORDS_FOR_STATISTICS;
  const records = useRecords(enough ? record.institute : null, {
    line_id: line.id,
    exclude: false,
    is_processed: true,
    size: 9999,
    ordering: 'date',
  });

  const option = useMemo(() => {
    const rows = (records.data?.items ?? []).filter((r) => r.metrics);
    if (rows.length === 0) return null;
    const point = (r: RecordDto) => [Date.parse(r.date), r.metrics!.auc, r.id];
    const others = rows.filter((r) => r.id !== record.id).map(point);
    const self = rows.filter((r) => r.id === record.id).map(point);
    // Room for every reference line, +3 SD and the range's upper limit included.
    const { mean, stddev } = line.line_statistics.auc;
    const top = Math.max(
      ...rows.map((r) => r.metrics!.auc),
      mean !== null && stddev !== null ? mean + 3 * stddev : 0,
      line.validation_statistics?.range?.upper ?? 0,
    );
    return {
      grid: { left: 72, right: 32, top: 36, bottom: 64 },
      legend: { top: 0, right: 0 },
      tooltip: {
        trigger: 'item',
        formatter: ({ value }: { value: [number, number, number] }) =>
          `${formatDate(new Date(value[0]))}<br/><b>${value[1].toFixed(0)} g·s</b>`,
      },
      xAxis: { type: 'time', name: 'Date', nameLocation: 'middle', nameGap: 28 },
      yAxis: valueAxis('VitalMetric', 'g·s', { min: 0, max: Math.ceil(top * 1.08) }),
      dataZoom: xZoom(),
      series: [
        {
          type: 'scatter',
          name: `${word.singular} records`,
          symbolSize: 7,
          data: others,
          cursor: 'pointer',
          markLine: { silent: true, symbol: 'none', data: statisticLines(line) },
          markArea: { silent: true, data: rejectionZones(line) },
        },
        {
          type: 'scatter',
          name: 'This record',
          symbol: 'diamond',
          symbolSize: 16,
          itemStyle: {
            color: CHART_TONES.highlight,
            borderColor: CHART_TONES.text,
            borderWidth: 1,
          },
          data: self,
          z: 10,
        },
      ],
    };
  }, [records.data, record.id, line, word.singular]);

  if (!enough) return null;
  return (
    <ChartPanel
      title={`Trend of ${line.name}`}
      exportName={`line-${line.id}-trend`}
      option={option}
      loading={records.isLoading}
      error={records.isError}
      onEvents={{
        click: (params: { value?: [number, number, number] }) => {
          const id = params.value?.[2];
          if (id !== undefined && id !== record.id) navigate(`/record/${id}`);
        },
      }}
      testId="trend-plot"
    />
  );
}
