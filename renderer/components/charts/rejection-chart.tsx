import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ACCEPTABLE_LIMIT,
  BAND_COLORS,
  BAND_RANGES,
  BAND_WORDS,
  bandOfPercent,
  LOW_LIMIT,
  REJECTION_BANDS,
} from '../../../shared/domain/rejection-bands';
import { ChartPanel } from './chart-panel';
import { categoryXAxis, referenceLine, valueAxis } from './options';
import { CHART_TONES } from './theme';
import { ANALYTE_NAMES, ANALYTES, type Analyte } from '../../../shared/rejection/model';

export interface RejectionSeries {
  /** The analyte's name (ANALYTE_NAMES). */
  name: string;
  /** Fractions in [0, 1] per category; null where there are no figures. */
  values: (number | null)[];
}

/** One series per analyte, named as everywhere else, from each analyte's figures. */
export const seriesPerAnalyte = (values: (analyte: Analyte) => (number | null)[]) =>
  ANALYTES.map((a): RejectionSeries => ({ name: ANALYTE_NAMES[a], values: values(a) }));

/** The band colours spelled out, since a colour alone never carries the meaning. */
function BandLegend() {
  return (
    <Stack sx={{ justifyContent: 'center' }} direction="row" spacing={2} aria-hidden>
      {REJECTION_BANDS.map((b) => (
        <Stack sx={{ alignItems: 'center' }} key={b} direction="row" spacing={0.5}>
          <span style={{ width: 12, height: 12, background: BAND_COLORS[b], borderRadius: 2 }} />
          <Typography variant="caption">
            {BAND_WORDS[b]} ({BAND_RANGES[b]})
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * Rejection probabilities per category (lines) and analyte, each bar coloured by its band and
 * named by its analyte, with labelled reference lines at 3% and 15%.
 */
export function RejectionChart({
  title,
  exportName,
  categories,
  series,
}: {
  title: string;
  exportName: string;
  categories: string[];
  series: RejectionSeries[];
}) {
  const { gridBottom, dataZoom, xAxis } = categoryXAxis(categories);
  const option = categories.length
    ? {
        tooltip: {
          trigger: 'axis',
          axisPointer: { type: 'shadow' },
          valueFormatter: (v: number | null | undefined) =>
            v === null || v === undefined
              ? '–'
              : `${v.toFixed(1)}% (${BAND_WORDS[bandOfPercent(v)]})`,
        },
        grid: { left: 72, right: 48, top: 32, bottom: gridBottom },
        dataZoom,
        xAxis,
        yAxis: valueAxis('Rejection probability', '%', { min: 0, scale: false }),
        series: series.map((s, index) => ({
          type: 'bar',
          name: s.name,
          data: s.values.map((v) =>
            v === null
              ? null
              : {
                  value: Number((100 * v).toFixed(1)),
                  itemStyle: { color: BAND_COLORS[bandOfPercent(100 * v)] },
                },
          ),
          label: { show: true, position: 'top', formatter: s.name, fontSize: 10 },
          // The reference lines belong to the chart, not to one analyte: drawn once.
          markLine:
            index === 0
              ? {
                  silent: true,
                  symbol: 'none',
                  data: [
                    referenceLine(100 * LOW_LIMIT, `${100 * LOW_LIMIT}%`, CHART_TONES.good),
                    referenceLine(
                      100 * ACCEPTABLE_LIMIT,
                      `${100 * ACCEPTABLE_LIMIT}%`,
                      CHART_TONES.warning,
                    ),
                  ],
                }
              : undefined,
        })),
      }
    : null;
  return (
    <>
      <ChartPanel title={title} exportName={exportName} option={option} height={360} />
      {option && <BandLegend />}
    </>
  );
}
