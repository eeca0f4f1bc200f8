import pdfmake from 'pdfmake';
import {
  BENCHMARK_MESSAGES,
  type BenchmarkGroupDto,
  type BenchmarkLineDto,
  type InstituteBenchmarksDto,
} from '../../shared/api/benchmarks';
import type { LineWord } from '../../shared/domain/line-word';
// Importing the comparison report registers the bundled fonts and the file access policies.
import { figure } from './comparison-report';

export interface BenchmarksReportInput {
  institute: string;
  /** Lines, or routes for a courier institute (section 9). */
  word: LineWord;
  answer: InstituteBenchmarksDto;
  generatedAt: Date;
}

const WIDTH = 515;
const head = (t: string) => ({ text: t, bold: true });
const cell = (v: number | string | null) =>
  v === null ? '–' : typeof v === 'number' ? figure(v) : v;
const percent = (v: number | null) => (v === null ? '–' : `${figure(100 * v)} %`);
/** A table of the report: a bold header row, then the rows, in small print. */
const table = (widths: (number | string)[], headers: string[], rows: string[][]) => ({
  table: { headerRows: 1, widths, body: [headers.map(head), ...rows] },
  layout: 'lightHorizontalLines',
  fontSize: 8,
});

/**
 * A group's distribution (section 9): P10–P90 whiskers, the P25–P75 box, P50, x* and x* ± 2s*,
 * and each own line as a labelled marker, drawn as vector shapes.
 */
function distribution(group: BenchmarkGroupDto, own: BenchmarkLineDto[]) {
  const p = group.percentiles!;
  const mean = group.robust_mean!;
  const sd = group.robust_sd!;
  const values = [p.p10, p.p90, mean - 2 * sd, mean + 2 * sd, ...own.map((l) => l.value!)];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  const x = (v: number) => 10 + ((v - lo) / span) * (WIDTH - 20);
  const mid = 18;
  const canvas: object[] = [
    {
      type: 'line',
      x1: x(p.p10),
      y1: mid,
      x2: x(p.p90),
      y2: mid,
      lineWidth: 1,
      lineColor: '#555555',
    },
    { type: 'rect', x: x(p.p25), y: mid - 7, w: x(p.p75) - x(p.p25), h: 14, color: '#BBDEFB' },
    { type: 'line', x1: x(p.p50), y1: mid - 7, x2: x(p.p50), y2: mid + 7, lineWidth: 2 },
    { type: 'line', x1: x(mean), y1: mid - 10, x2: x(mean), y2: mid + 10, lineColor: '#2E7D32' },
    ...[mean - 2 * sd, mean + 2 * sd].map((v) => ({
      type: 'line',
      x1: x(v),
      y1: mid - 10,
      x2: x(v),
      y2: mid + 10,
      dash: { length: 2 },
      lineColor: '#2E7D32',
    })),
    ...own.map((l) => ({
      type: 'ellipse',
      x: x(l.value!),
      y: mid,
      r1: 3,
      r2: 3,
      color: '#C62828',
    })),
  ];
  return [
    { text: group.label, style: 'h3' },
    { canvas, margin: [0, 0, 0, 2] },
    {
      text:
        `P10–P90 ${figure(p.p10)}–${figure(p.p90)}, P25–P75 ${figure(p.p25)}–${figure(p.p75)}, ` +
        `P50 ${figure(p.p50)}, x* ${figure(mean)}, s* ${figure(sd)}. ` +
        own.map((l) => `${l.line_name}: ${figure(l.value!)}`).join('; '),
      style: 'note',
      margin: [0, 0, 0, 10],
    },
  ];
}

const METHODS = [
  'What is compared. A line’s value is the median VitalMetric (AUC) of its included records ' +
    '(processed, not excluded, not hidden, not test runs, no error flag) dated in the quarter in ' +
    'the organization’s time zone. A line takes part with at least 6 records, when it is not ' +
    'archived and is not a hand-carried reference line. Hemolysis indicators are the shares of ' +
    'routine (not donor) samples above each cut-off, given with at least 1,000 measurements.',
  'Peer groups. Each line is compared with the narrowest shown group of its chain: all lines of ' +
    'its kind, then its length class, then (PTS) its make.',
  'Disclosure control. A group is shown only with at least 5 organizations, none of which has ' +
    'more than half of its lines, and only when no figure could be differenced down to fewer ' +
    'than 5 organizations. Withheld groups show no figure.',
  'Statistics. Robust mean x* and SD s* by ISO 13528 Algorithm A; percentiles by linear ' +
    'interpolation between closest ranks; z = (x − x*)/s*; percentile = 100·(B + E/2)/n; ' +
    'quintile 1 is the smoothest fifth. Band: satisfactory z ≤ 2, questionable 2 < z < 3, ' +
    'unsatisfactory z ≥ 3. Hemolysis bands follow the IFCC WG-LEPS specifications.',
];

/** The benchmarks' PDF (A4): the distributions, the tables, and a methods note. */
export async function buildBenchmarksReport(input: BenchmarksReportInput): Promise<Buffer> {
  const { answer } = input;
  const title = `Peer benchmarking ${answer.quarter}, ${input.institute}`;
  const shown = answer.groups.filter((g) => g.shown);
  const lineTable = table(
    ['*', 40, 55, '*', 40, 45, 35, 70],
    [input.word.singular, 'Records', 'VitalMetric', 'Group', 'z', 'Percentile', 'Quintile', 'Band'],
    answer.lines.map((l) => [
      l.line_name,
      String(l.records),
      cell(l.value),
      l.group === null
        ? l.status.replace(/_/g, ' ')
        : answer.groups.find((g) => g.key === l.group)!.label,
      cell(l.z),
      cell(l.percentile),
      cell(l.quintile),
      cell(l.band),
    ]),
  );
  const h = answer.hemolysis;
  const hemolysisTable = table(
    ['*', 45, 45, 50, 45, 55, 55, 40],
    ['Indicator', 'Cut-off', 'Count', 'Rate', 'Band', 'Group P50', 'Group P10–P90', 'z'],
    h.indicators.map((i) => [
      i.indicator,
      figure(i.cutoff),
      String(i.count),
      percent(i.value),
      cell(i.band),
      percent(i.percentiles?.p50 ?? null),
      i.percentiles ? `${percent(i.percentiles.p10)}–${percent(i.percentiles.p90)}` : '–',
      cell(i.z),
    ]),
  );
  const doc = {
    info: { title, creator: 'VialQC', creationDate: new Date(answer.computed_at) },
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    styles: {
      h1: { fontSize: 18, bold: true, margin: [0, 0, 0, 8] },
      h2: { fontSize: 14, bold: true, margin: [0, 12, 0, 8] },
      h3: { fontSize: 11, bold: true, margin: [0, 4, 0, 4] },
      note: { fontSize: 8, color: '#666666', margin: [0, 4, 0, 0] },
      p: { fontSize: 9, margin: [0, 0, 0, 6] },
    },
    footer: (page: number, pages: number) => ({
      text: `${title} · page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#888888',
    }),
    content: [
      { text: title, style: 'h1' },
      { text: answer.complete ? '' : BENCHMARK_MESSAGES.provisional, style: 'note' },
      { text: 'Distributions', style: 'h2' },
      // As on the screen: the empty text when no line takes part, else each group of the
      // lines' chains, a withheld one by its label and the withheld text only.
      ...(answer.lines.some((l) => l.value !== null)
        ? [
            ...shown.flatMap((g) =>
              distribution(
                g,
                answer.lines.filter((l) => l.group === g.key && l.value !== null),
              ),
            ),
            ...answer.groups
              .filter((g) => !g.shown)
              .map((g) => ({ text: `${g.label}: ${BENCHMARK_MESSAGES.withheld}`, style: 'note' })),
          ]
        : [{ text: BENCHMARK_MESSAGES.noLine, style: 'p' }]),
      { text: input.word.plural, style: 'h2' },
      ...(answer.lines.length ? [lineTable] : []),
      { text: 'Hemolysis', style: 'h2' },
      {
        text: `${h.measurements} routine measurements; ${h.group.label}${
          h.group.shown
            ? ` (${h.group.n_institutes} organizations)`
            : `: ${BENCHMARK_MESSAGES.withheld}`
        }`,
        style: 'p',
      },
      hemolysisTable,
      { text: 'Methods', style: 'h2' },
      ...METHODS.map((t) => ({ text: t, style: 'p' })),
      {
        text: `Figures computed ${answer.computed_at}; generated ${input.generatedAt.toISOString()}.`,
        style: 'note',
      },
    ],
  };
  return pdfmake.createPdf(doc).getBuffer();
}
