import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LineDto } from '../../../../shared/api/lines';
import type { RecordDto } from '../../../../shared/api/records';
import { FULL_LIST_SIZE } from '../../../../shared/domain/limits';
import { ChartPanel } from '../../../components/charts/chart-panel';
import {
  band,
  gridWithZoom,
  referenceLine,
  valueAxis,
  xZoom,
  zeroBasedScale,
} from '../../../components/charts/options';
import { CHART_TONES } from '../../../components/charts/theme';
import { formatDate } from '../../../lib/format';
import { useLineWord } from '../../institutes';
import { recordsQueryOptions, useRecords, type RecordsParams } from '../api/get-records';

const SD_STEPS = [1, 2, 3] as const;

/** The records a line's trend draws: its included, processed records, oldest first. */
const trendRecords = (lineId: number): RecordsParams => ({
  line_id: lineId,
  exclude: false,
  is_processed: true,
  size: FULL_LIST_SIZE,
  ordering: 'date',
});

/**
 * Asks for the records of a line's trend together with the line, not once the line has come
 * (its statistics say whether the trend is drawn): a page that knows the line's id calls it.
 */
export function usePrefetchTrend(instituteId: number, lineId: number | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (lineId !== null)
      void client.prefetchQuery(recordsQueryOptions(instituteId, trendRecords(lineId)));
  }, [client, instituteId, lineId]);
}

/** The validated records (the baseline) when the line has them, else all its records. */
const referenceStatistics = (line: LineDto) =>
  (line.validation_statistics ?? line.line_statistics).auc;

/**
 * Mean and ±1, 2, 3 SD of the line's VitalMetric, labelled right of the plot, where the latest
 * points cannot cover the labels (monitoring.md section 9).
 */
function statisticLines(line: LineDto) {
  const { mean, stddev } = referenceStatistics(line);
  if (mean === null) return [];
  const labelled = (
    value: number,
    label: string,
    color: string,
    type: 'solid' | 'dotted' | 'dashed',
  ) => referenceLine(value, label, color, type, 'end');
  const lines = [labelled(mean, `Mean ${mean.toFixed(0)}`, CHART_TONES.reference, 'solid')];
  if (stddev === null) return lines;
  for (const k of SD_STEPS) {
    const type = k === 1 ? 'dashed' : 'dotted';
    lines.push(labelled(mean + k * stddev, `+${k} SD`, CHART_TONES.muted, type));
    if (mean - k * stddev > 0)
      lines.push(labelled(mean - k * stddev, `−${k} SD`, CHART_TONES.muted, type));
  }
  return lines;
}

/**
 * Beyond the validated range (99% of measurements) samples are at risk: shaded zones. The
 * rejection zone reaches the axis's top, whatever the highest record; below the range, only down
 * to the lowest record, so a line near 0 is not drawn all in red.
 */
function rejectionZones(line: LineDto, axis: { min: number; max?: number }) {
  const range = line.validation_statistics?.range;
  if (!range) return [];
  return [
    band(range.upper, axis.max ?? 'max', 'Rejection zone (above range)', CHART_TONES.bad, 0.1),
    band('min', range.lower, 'Below range', CHART_TONES.bad, 0.06),
  ];
}

/** Room right of the plot for the reference lines' labels ("Mean 1234", "+3 SD"). */
const LABEL_ROOM = 72;

/** Date, VitalMetric and the record's id, for the click. */
type Point = [number, number, number];

interface Props {
  line: LineDto;
  instituteId: number;
  /** The record being looked at: drawn apart, and a click on it goes nowhere. */
  highlightedRecordId?: number;
  height?: number;
  testId: string;
}

/**
 * The VitalMetric of every included record of the line over time, against the line's mean and
 * SDs; a click on a point opens that record.
 */
export function TrendPlot({ line, instituteId, highlightedRecordId, height, testId }: Props) {
  const navigate = useNavigate();
  const word = useLineWord();
  const records = useRecords(instituteId, trendRecords(line.id));

  const option = useMemo(() => {
    const rows = (records.data?.items ?? []).filter(
      (r): r is RecordDto & { metrics: NonNullable<RecordDto['metrics']> } => r.metrics !== null,
    );
    if (rows.length === 0) return null;
    const point = (r: (typeof rows)[number]): Point => [Date.parse(r.date), r.metrics.auc, r.id];
    const others = rows.filter((r) => r.id !== highlightedRecordId).map(point);
    const highlighted = rows.filter((r) => r.id === highlightedRecordId).map(point);
    // Room for every reference line, +3 SD and the range's upper limit included.
    const { mean, stddev } = referenceStatistics(line);
    const top = Math.max(
      ...rows.map((r) => r.metrics.auc),
      mean !== null && stddev !== null ? mean + 3 * stddev : 0,
      line.validation_statistics?.range?.upper ?? 0,
    );
    const scale = zeroBasedScale(top * 1.05);
    return {
      grid: { ...gridWithZoom, right: LABEL_ROOM },
      legend: { top: 0, right: 0 },
      tooltip: {
        trigger: 'item',
        formatter: ({ value }: { value: Point }) =>
          `${formatDate(new Date(value[0]))}<br/><b>${value[1].toFixed(0)} g·s</b>`,
      },
      xAxis: { type: 'time', name: 'Date', nameLocation: 'middle', nameGap: 28 },
      yAxis: valueAxis('VitalMetric', 'g·s', scale),
      dataZoom: xZoom(),
      series: [
        {
          type: 'scatter',
          name: `${word.singular} records`,
          symbolSize: 7,
          data: others,
          cursor: 'pointer',
          markLine: { silent: true, symbol: 'none', data: statisticLines(line) },
          markArea: { silent: true, data: rejectionZones(line, scale) },
        },
        ...(highlightedRecordId === undefined
          ? []
          : [
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
                data: highlighted,
                z: 10,
              },
            ]),
      ],
    };
  }, [records.data, highlightedRecordId, line, word.singular]);

  return (
    <ChartPanel
      title={`Trend of ${line.name}`}
      exportName={`line-${line.id}-trend`}
      option={option}
      loading={records.isLoading}
      error={records.isError}
      emptyText="No Records Assigned"
      height={height}
      onEvents={{
        click: (params: { value?: Point }) => {
          const id = params.value?.[2];
          if (id !== undefined && id !== highlightedRecordId) navigate(`/record/${id}`);
        },
      }}
      testId={testId}
    />
  );
}
