import path from 'node:path';
import pdfmake from 'pdfmake';
import robotoFonts from 'pdfmake/fonts/Roboto';
import { lineWord } from '../../shared/domain/line-word';
import type { MetadataType } from '../../shared/api/institutes';
import {
  nextValidationDate,
  RECORDS_PER_LINE_PER_DAY,
  validationEndDate,
} from '../../shared/api/validations';
import { ACCEPTABLE_LIMIT, BAND_COLORS, rejectionBand } from '../../shared/domain/rejection-bands';
import { ANALYTE_NAMES, ANALYTES } from '../../shared/rejection/model';
import { rejectionChart, vitalMetricChart } from './charts';
import { ACCEPTABLE_PERCENT, LOW_PERCENT, type ReportLine } from './report-line';

export const LINES_PER_TABLE_PAGE = 10;
export const MODEL_UNCERTAINTY =
  'The statistical uncertainty of the rejection model is 5 to 14 percentage points for LDH ' +
  'and under 1 percentage point for ASAT and potassium.';

const FONTS_DIR = path.dirname(robotoFonts.Roboto.normal);
pdfmake.addFonts(robotoFonts);
// The document only ever reads the bundled fonts: no URLs, no other local files.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(FONTS_DIR));

export interface ValidationReportInput {
  institute: { name: string; metadataType: MetadataType };
  validation: {
    name: string;
    startDate: string;
    durationDays: number;
    baseline: boolean;
    completedAt: Date | null;
  };
  lines: ReportLine[];
  generatedAt: Date;
}

const percent = (fraction: number) => `${(100 * fraction).toFixed(1)}%`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'dd MMM yyyy', the spec's date format, independent of the server's locale. */
const day = (date: string) => {
  const [y, m, d] = date.split('-');
  return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
};

const worstOf = (line: ReportLine) => {
  const rates = line.stats.auc.rejection_rates;
  return rates ? Math.max(rates.ldh, rates.asat, rates.potassium) : null;
};

/**
 * The report's conclusion: all lines are acceptable when the worst line's three probabilities are
 * each within the acceptable band; otherwise it names the lines that are not.
 */
export function conclusionOf(lines: ReportLine[], metadataType: MetadataType): string[] {
  const { lower: word, lowerPlural: words } = lineWord(metadataType);
  const measured = lines.filter((l) => worstOf(l) !== null);
  const failing = measured.filter((l) => worstOf(l)! > ACCEPTABLE_LIMIT);
  const unmeasured = lines.filter((l) => worstOf(l) === null);
  const sentences: string[] = [];
  if (!measured.length) {
    sentences.push(`No ${word} has enough records (more than 2) for a conclusion.`);
  } else if (!failing.length) {
    sentences.push(
      `All ${words} are acceptable: the LDH, ASAT and potassium rejection probabilities of the worst ${word} are each at most ${ACCEPTABLE_PERCENT}%.`,
    );
  } else {
    sentences.push(
      `Not acceptable (a rejection probability above ${ACCEPTABLE_PERCENT}%): ${failing.map((l) => l.name).join(', ')}.`,
    );
  }
  if (unmeasured.length && measured.length) {
    sentences.push(
      `Too few records (2 or fewer) for statistics: ${unmeasured.map((l) => l.name).join(', ')}.`,
    );
  }
  return sentences;
}

function probabilityCell(fraction: number | undefined) {
  if (fraction === undefined) return { text: '–', alignment: 'right' };
  const band = rejectionBand(fraction);
  return {
    text: [percent(fraction), { text: ` ${band}`, fontSize: 7 }],
    color: BAND_COLORS[band],
    alignment: 'right',
  };
}

function linesTable(lines: ReportLine[], word: string) {
  const header = [
    word,
    'VitalMetric',
    'CV',
    'Records',
    ...ANALYTES.map((a) => ANALYTE_NAMES[a]),
  ].map((text) => ({ text, bold: true, fillColor: '#EEEEEE' }));
  const rows = lines.map((l) => {
    const { mean, cv, rejection_rates: rates } = l.stats.auc;
    return [
      l.name,
      { text: mean === null ? '–' : mean.toFixed(0), alignment: 'right' },
      { text: cv === null ? '–' : `${cv.toFixed(1)}%`, alignment: 'right' },
      { text: String(l.stats.record_count), alignment: 'right' },
      ...ANALYTES.map((a) => probabilityCell(rates?.[a])),
    ];
  });
  return {
    table: { headerRows: 1, widths: ['*', 60, 45, 45, 62, 62, 62], body: [header, ...rows] },
    layout: 'lightHorizontalLines',
    fontSize: 9,
  };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const CONTENT_WIDTH = 515; // A4 minus 40 pt margins

/** The validation report as a PDF (pdfmake, with echarts charts rendered to SVG on the server). */
export async function buildValidationReport(input: ValidationReportInput): Promise<Buffer> {
  const { institute, validation, lines } = input;
  const { singular: word, plural: words } = lineWord(institute.metadataType);
  const facts: [string, string][] = [
    ['Institute', institute.name],
    ['Validation', validation.name],
    ['Start date', day(validation.startDate)],
    ['End date', day(validationEndDate(validation.startDate, validation.durationDays))],
    ['Duration', `${validation.durationDays} day${validation.durationDays === 1 ? '' : 's'}`],
    ['Baseline', validation.baseline ? 'Yes: sets the monitoring baseline' : 'No'],
    [
      'Completed',
      validation.completedAt ? day(validation.completedAt.toISOString().slice(0, 10)) : '–',
    ],
    [words, String(lines.length)],
    ['Next validation', day(nextValidationDate(validation.startDate))],
  ];
  const tablePages = chunks(lines, LINES_PER_TABLE_PAGE).map((chunk, i, all) => ({
    stack: [
      { text: `Results per ${word.toLowerCase()} (${i + 1} of ${all.length})`, style: 'h2' },
      linesTable(chunk, word),
      {
        text:
          `Rejection probabilities: below ${LOW_PERCENT}% low (green), ${LOW_PERCENT} to ` +
          `${ACCEPTABLE_PERCENT}% acceptable, above ${ACCEPTABLE_PERCENT}% substantial (orange). ` +
          'Statistics need more than 2 records.',
        style: 'note',
      },
    ],
    pageBreak: 'before',
  }));
  const chartHeight = 320;
  const doc = {
    info: { title: `Validation report: ${validation.name}`, creator: 'VialQC' },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    styles: {
      h1: { fontSize: 22, bold: true, margin: [0, 0, 0, 6] },
      h2: { fontSize: 14, bold: true, margin: [0, 0, 0, 10] },
      note: { fontSize: 8, color: '#666666', margin: [0, 8, 0, 0] },
      p: { margin: [0, 0, 0, 8] },
    },
    footer: (page: number, pages: number) => ({
      text: `${institute.name} · ${validation.name} · page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#888888',
    }),
    content: [
      { text: 'Validation Report', style: 'h1' },
      { text: `${words} of ${institute.name}`, fontSize: 13, margin: [0, 0, 0, 20] },
      {
        table: { widths: [120, '*'], body: facts.map(([k, v]) => [{ text: k, bold: true }, v]) },
        layout: 'noBorders',
        margin: [0, 0, 0, 20],
      },
      { text: 'Protocol', style: 'h2' },
      {
        text:
          `Four vials are sent per sending-to-receiving station pair, each in its own canister: ` +
          `${RECORDS_PER_LINE_PER_DAY} records per ${word.toLowerCase()} per day of the validation. ` +
          `Each record's VitalMetric (the accumulated vibration, g·s) gives the probability that a ` +
          `sample is rejected for hemolysis for LDH, ASAT and potassium at the analyzer's thresholds.`,
        style: 'p',
      },
      ...tablePages,
      { text: 'Charts', style: 'h2', pageBreak: 'before' },
      { svg: vitalMetricChart(lines, word, CONTENT_WIDTH, chartHeight), width: CONTENT_WIDTH },
      {
        svg: rejectionChart(lines, word, CONTENT_WIDTH, chartHeight),
        width: CONTENT_WIDTH,
        margin: [0, 20, 0, 0],
      },
      { text: 'Conclusion', style: 'h2', pageBreak: 'before' },
      ...conclusionOf(lines, institute.metadataType).map((text) => ({ text, style: 'p' })),
      { text: MODEL_UNCERTAINTY, style: 'p' },
      {
        text: `The next validation is recommended by ${day(nextValidationDate(validation.startDate))}, six months after this validation's start.`,
        style: 'p',
      },
      {
        text: `Generated ${input.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
        style: 'note',
      },
    ],
  };
  return pdfmake.createPdf(doc).getBuffer();
}
