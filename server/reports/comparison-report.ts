import path from 'node:path';
import pdfmake from 'pdfmake';
import robotoFonts from 'pdfmake/fonts/Roboto';
import type {
  ComparisonGroupDto,
  CriterionDto,
  StudyAnalyteDto,
  StudyStatus,
} from '../../shared/api/comparison-studies';
import { CLINICAL_ANALYTE_INFO } from '../../shared/api/clinical-data';
import { verdictInWords } from '../../shared/domain/verdict-words';
import { blandAltmanPlot, scatterPlot, thinned, type PlotPair } from './comparison-charts';

const FONTS_DIR = path.dirname(robotoFonts.Roboto.normal);
pdfmake.addFonts(robotoFonts);
// The document only ever reads the bundled fonts: no URLs, no other local files.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(FONTS_DIR));

/** What the report shows of a study; the pairs of each group come with `groupPairs`. */
export interface ComparisonReportInput {
  institute: string;
  /** The institute's word for a line ('Line', 'Route'). */
  lineWord: { singular: string; lowerPlural: string };
  study: {
    name: string;
    status: StudyStatus;
    lines: string[];
    dateGte: string;
    dateLt: string;
    labels: string[];
    confidence: number;
    errorRatio: number;
    analytes: StudyAnalyteDto[];
    author: string | null;
    approver: string | null;
    approvedAt: Date | null;
  };
  computedAt: string;
  groups: ComparisonGroupDto[];
  /** The pairs of a group (its line's, or the analyte's on every line), excluded ones too. */
  groupPairs: (group: ComparisonGroupDto) => PlotPair[];
  exclusions: {
    clinicalData: number;
    analyte: string | null;
    reason: string;
    by: string;
    at: string;
  }[];
  generatedAt: Date;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'dd MMM yyyy', independent of the server's locale. */
const day = (date: string) => {
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
};
const instant = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** A figure with a sensible number of decimals for print (the API keeps full precision). */
export function figure(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  if (Number.isInteger(value)) return String(value);
  const size = Math.abs(value);
  return value.toFixed(size >= 100 ? 1 : size >= 1 ? 3 : 4);
}
const interval = (ci: [number | null, number | null] | undefined) =>
  ci ? `${figure(ci[0])} to ${figure(ci[1])}` : '–';
const pValue = (p: number | null | undefined) =>
  p !== null && p !== undefined && p < 0.0001 ? 'p < 0.0001' : `p = ${figure(p)}`;

const analyteName = (a: string) =>
  CLINICAL_ANALYTE_INFO[a as keyof typeof CLINICAL_ANALYTE_INFO]?.name ?? a;

/** A criterion in words, with its limit L on its scale. */
export function criterionWords(criterion: CriterionDto, unit: string): string {
  switch (criterion.type) {
    case 'allowable_bias':
      return `Allowable bias: |bias| within ${figure(criterion.limit)} ${criterion.scale === 'percent' ? '%' : unit}`;
    case 'biological_variation':
      return `Biological variation (${criterion.level}): CVI ${figure(criterion.cvi)} %, CVG ${figure(criterion.cvg)} %`;
    case 'rcv':
      return `Reference change value: CVA ${figure(criterion.cva)} %, CVI ${figure(criterion.cvi)} %, z ${criterion.z}`;
  }
}

const cell = (text: string, extra: object = {}) => ({ text, ...extra });
const head = (text: string) => ({ text, bold: true, fillColor: '#EEEEEE' });

function figuresTable(g: ComparisonGroupDto) {
  const rows: [string, string][] = [];
  const ba = (label: string, b: ComparisonGroupDto['bland_altman']['absolute'], unit: string) => {
    if (!b) {
      rows.push([`Bland-Altman, ${label}`, 'not computable']);
      return;
    }
    rows.push(
      [`Bland-Altman, ${label}: n`, String(b.n)],
      [`Bias (${unit})`, `${figure(b.bias)} (CI ${interval(b.bias_ci)})`],
      [`SD of differences (${unit})`, figure(b.sd)],
      [
        `Lower limit of agreement (${unit})`,
        `${figure(b.loa_lower)} (CI ${interval(b.loa_lower_ci)})`,
      ],
      [
        `Upper limit of agreement (${unit})`,
        `${figure(b.loa_upper)} (CI ${interval(b.loa_upper_ci)})`,
      ],
    );
  };
  rows.push(['Pairs used (n)', String(g.n)], ['Pairs excluded', String(g.excluded)]);
  ba('absolute', g.bland_altman.absolute, g.unit);
  ba('percent', g.bland_altman.percent, '%');
  rows.push([
    'Paired t-test',
    g.paired_t
      ? `t = ${figure(g.paired_t.t)}, df = ${g.paired_t.df}, ${pValue(g.paired_t.p)}`
      : '–',
  ]);
  rows.push([
    'Wilcoxon signed-rank test',
    g.wilcoxon
      ? `V = ${figure(g.wilcoxon.v)}, ${pValue(g.wilcoxon.p)} (${g.wilcoxon.exact ? 'exact' : 'normal approximation'})`
      : '–',
  ]);
  const pb = g.passing_bablok;
  rows.push(
    ['Passing-Bablok slope', pb ? `${figure(pb.slope)} (CI ${interval(pb.slope_ci)})` : '–'],
    [
      'Passing-Bablok intercept',
      pb ? `${figure(pb.intercept)} (CI ${interval(pb.intercept_ci)})` : '–',
    ],
  );
  const dem = g.deming;
  rows.push(
    [
      `Deming slope (λ = ${figure(dem?.error_ratio)})`,
      dem ? `${figure(dem.slope)} (CI ${interval(dem.slope_ci)})` : '–',
    ],
    ['Deming intercept', dem ? `${figure(dem.intercept)} (CI ${interval(dem.intercept_ci)})` : '–'],
  );
  for (const level of g.decision_levels) {
    rows.push([
      `Bias at X = ${figure(level.x)} ${g.unit}`,
      `Passing-Bablok ${figure(level.bias_passing_bablok)}; Deming ${figure(level.bias_deming)} (CI ${interval(level.bias_deming_ci)})`,
    ]);
  }
  rows.push([
    'Criterion',
    `${g.criterion.type.replace(/_/g, ' ')}, ${g.criterion.scale} scale, L = ${figure(g.criterion.limit)}${g.criterion.scale === 'percent' ? ' %' : ` ${g.unit}`}`,
  ]);
  return {
    table: {
      widths: [170, '*'],
      body: rows.map(([k, v]) => [cell(k, { bold: true }), cell(v)]),
    },
    layout: 'lightHorizontalLines',
    fontSize: 8,
    margin: [0, 6, 0, 6],
  };
}

const PLOT_WIDTH = 255;
const PLOT_HEIGHT = 220;

function groupSection(input: ComparisonReportInput, g: ComparisonGroupDto) {
  const { items, step } = thinned(input.groupPairs(g));
  const where = g.line_name ?? `All ${input.lineWord.lowerPlural}`;
  return {
    stack: [
      { text: `${analyteName(g.analyte)}: ${where}`, style: 'h3' },
      {
        columns: [
          { svg: scatterPlot(items, g, PLOT_WIDTH, PLOT_HEIGHT), width: PLOT_WIDTH },
          { svg: blandAltmanPlot(items, g, PLOT_WIDTH, PLOT_HEIGHT), width: PLOT_WIDTH },
        ],
        columnGap: 5,
      },
      ...(step > 1
        ? [{ text: `Every ${step}th pair is drawn; the figures use every pair.`, style: 'note' }]
        : []),
      {
        text: [
          { text: 'Verdict: ', bold: true },
          {
            text: verdictInWords(g.verdict, g.pairs_needed),
            bold: true,
            color: VERDICT_COLORS[g.verdict],
          },
        ],
        margin: [0, 6, 0, 0],
      },
      figuresTable(g),
    ],
    pageBreak: 'before',
  };
}

const VERDICT_COLORS: Record<ComparisonGroupDto['verdict'], string> = {
  acceptable: '#2E7D32',
  not_acceptable: '#C62828',
  inconclusive: '#E65100',
  too_few_pairs: '#616161',
  not_computable: '#616161',
};

/**
 * A comparison study's report as a PDF (A4, section 5): the study and its criteria; per analyte
 * and line (then all lines) the scatter and Bland-Altman plots (echarts rendered to SVG on the
 * server, vector graphics in the PDF), the figures and the verdict in words; the exclusions with
 * their reasons. A draft says "Draft" on every page.
 */
export async function buildComparisonReport(input: ComparisonReportInput): Promise<Buffer> {
  const { study } = input;
  const draft = study.status === 'draft';
  const facts: [string, string][] = [
    ['Organization', input.institute],
    ['Study', study.name],
    ['Status', draft ? 'Draft (not approved)' : 'Approved'],
    [input.lineWord.singular + (study.lines.length === 1 ? '' : 's'), study.lines.join(', ')],
    ['Dates', `${day(study.dateGte)} up to (not including) ${day(study.dateLt)}`],
    ['Labels', study.labels.length ? study.labels.join(', ') : 'Any'],
    ['Confidence', `${Math.round(study.confidence * 100)}%`],
    ["Deming's error ratio (λ)", figure(study.errorRatio)],
    ['Author', study.author ?? '–'],
    ['Approved by', study.approver ?? '–'],
    ['Approved at', study.approvedAt ? instant(study.approvedAt.toISOString()) : '–'],
    ['Figures computed', instant(input.computedAt)],
  ];
  const criteria = {
    table: {
      headerRows: 1,
      widths: [90, '*', 60, 90],
      body: [
        ['Analyte', 'Criterion', 'Limit L', 'Decision levels'].map(head),
        ...study.analytes.map((a) => {
          const unit = CLINICAL_ANALYTE_INFO[a.analyte].unit;
          const limit = input.groups.find((g) => g.analyte === a.analyte)?.criterion;
          return [
            analyteName(a.analyte),
            criterionWords(a.criterion, unit),
            limit ? `${figure(limit.limit)} ${limit.scale === 'percent' ? '%' : unit}` : '–',
            a.decision_levels.length
              ? `${a.decision_levels.map(figure).join(', ')} ${unit}`
              : 'None',
          ];
        }),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 9,
  };
  const summary = {
    table: {
      headerRows: 1,
      widths: [90, '*', 40, '*'],
      body: [
        ['Analyte', input.lineWord.singular, 'n', 'Verdict'].map(head),
        ...input.groups.map((g) => [
          analyteName(g.analyte),
          g.line_name ?? `All ${input.lineWord.lowerPlural}`,
          String(g.n),
          { text: verdictInWords(g.verdict, g.pairs_needed), color: VERDICT_COLORS[g.verdict] },
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 9,
  };
  const exclusions = input.exclusions.length
    ? {
        table: {
          headerRows: 1,
          widths: [60, 70, '*', 90, 70],
          body: [
            ['Clinical data', 'Analyte', 'Reason', 'By', 'At'].map(head),
            ...input.exclusions.map((e) => [
              String(e.clinicalData),
              e.analyte ? analyteName(e.analyte) : 'Every analyte',
              e.reason,
              e.by,
              instant(e.at),
            ]),
          ],
        },
        layout: 'lightHorizontalLines',
        fontSize: 8,
      }
    : { text: 'No pair is excluded.', style: 'p' };
  const doc = {
    // The figures' own time, not the request's: the same study answers the same bytes (the
    // PDF's ID is derived from its creation date), so a restored installation serves it as it was.
    info: {
      title: `Comparison study: ${study.name}`,
      creator: 'VialQC',
      creationDate: new Date(input.computedAt),
    },
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    styles: {
      h1: { fontSize: 20, bold: true, margin: [0, 0, 0, 6] },
      h2: { fontSize: 14, bold: true, margin: [0, 12, 0, 8] },
      h3: { fontSize: 12, bold: true, margin: [0, 0, 0, 6] },
      note: { fontSize: 8, color: '#666666', margin: [0, 4, 0, 0] },
      p: { margin: [0, 0, 0, 8] },
    },
    ...(draft && { watermark: { text: 'Draft', opacity: 0.08, bold: true } }),
    header: () =>
      draft
        ? {
            text: 'Draft',
            alignment: 'right',
            bold: true,
            color: '#C62828',
            fontSize: 10,
            margin: [40, 20, 40, 0],
          }
        : { text: '' },
    footer: (page: number, pages: number) => ({
      text: `${input.institute} · ${study.name}${draft ? ' · Draft' : ''} · page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#888888',
    }),
    content: [
      { text: 'Comparison Study Report', style: 'h1' },
      {
        text: `Paired samples: transported through the ${input.lineWord.lowerPlural} against carried by hand`,
        fontSize: 12,
        margin: [0, 0, 0, 16],
      },
      {
        table: { widths: [150, '*'], body: facts.map(([k, v]) => [{ text: k, bold: true }, v]) },
        layout: 'noBorders',
        margin: [0, 0, 0, 12],
      },
      { text: 'Acceptance criteria', style: 'h2' },
      criteria,
      { text: 'Verdicts', style: 'h2' },
      summary,
      {
        text:
          'Acceptable: the bias (or, for a reference change value, the limits of agreement) lies ' +
          'within the limit with its whole confidence interval. Not acceptable: it lies beyond ' +
          'the limit. Inconclusive: neither yet; the pairs needed assume the bias and spread seen ' +
          'so far. Too few pairs: fewer than 10 on the criterion’s scale.',
        style: 'note',
      },
      ...input.groups.map((g) => groupSection(input, g)),
      { text: 'Exclusions', style: 'h2', pageBreak: 'before' },
      exclusions,
      {
        text: `Generated ${instant(input.generatedAt.toISOString())}.`,
        style: 'note',
        margin: [0, 16, 0, 0],
      },
    ],
  };
  return pdfmake.createPdf(doc).getBuffer();
}
