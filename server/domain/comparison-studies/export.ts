import type { DataSource } from 'typeorm';
import type { ComparisonGroupDto, ComparisonPairDto } from '../../../shared/api/comparison-studies';
import { CLINICAL_ANALYTE_INFO } from '../../../shared/api/clinical-data';
import { lineWord } from '../../../shared/domain/line-word';
import { verdictInWords } from '../../../shared/domain/verdict-words';
import type { AuthUser } from '../../auth/auth-user';
import type { ExportCell, ExportColumn, ExportTable } from '../exports/table';
import { studyDocument } from './service';

const number = (header: string, decimals = 2, width?: number): ExportColumn => ({
  header,
  type: 'number',
  decimals,
  ...(width && { width }),
});
const textColumn = (header: string, width?: number): ExportColumn => ({
  header,
  type: 'text',
  ...(width && { width }),
});

/**
 * The export's columns: first what a pair fills (section 2: line, date, reference, test,
 * difference, % difference, excluded, reason), then what a result row fills (a group's figures
 * of section 3, its verdict and the pairs needed). The pairs come first, then the results
 * table; each row leaves the other part's cells empty.
 */
function columns(line: string): ExportColumn[] {
  return [
    textColumn('Table', 8),
    textColumn('Analyte', 16),
    textColumn(line, 24),
    { header: 'Date', type: 'day', width: 12 },
    number('Clinical data', 0),
    number('Reference'),
    number('Test'),
    number('Difference'),
    number('% difference'),
    textColumn('Excluded', 10),
    textColumn('Reason', 30),
    textColumn('Unit', 10),
    number('n', 0),
    number('Excluded pairs', 0),
    number('Bias'),
    number('SD'),
    number('Bias CI low'),
    number('Bias CI high'),
    number('LoA lower'),
    number('LoA lower CI low'),
    number('LoA lower CI high'),
    number('LoA upper'),
    number('LoA upper CI low'),
    number('LoA upper CI high'),
    number('Bias %'),
    number('SD %'),
    number('Bias % CI low'),
    number('Bias % CI high'),
    number('LoA lower %'),
    number('LoA upper %'),
    number('Paired t', 3),
    number('Paired t p', 4),
    number('Wilcoxon V', 1),
    number('Wilcoxon p', 4),
    number('Passing-Bablok slope', 4),
    number('PB slope CI low', 4),
    number('PB slope CI high', 4),
    number('Passing-Bablok intercept', 4),
    number('PB intercept CI low', 4),
    number('PB intercept CI high', 4),
    number('Deming slope', 4),
    number('Deming slope CI low', 4),
    number('Deming slope CI high', 4),
    number('Deming intercept', 4),
    number('Deming intercept CI low', 4),
    number('Deming intercept CI high', 4),
    textColumn('Criterion', 20),
    textColumn('Scale', 10),
    number('Limit'),
    textColumn('Verdict', 24),
    number('Pairs needed', 0),
  ];
}

const PAIR_CELLS = 11;
const RESULT_CELLS = 40;

const pairCells = (p: ComparisonPairDto): ExportCell[] => [
  'Pair',
  CLINICAL_ANALYTE_INFO[p.analyte].name,
  p.line_name,
  p.date,
  p.clinical_data,
  p.reference,
  p.test,
  p.difference,
  p.percent_difference,
  p.exclusion ? 'Yes' : 'No',
  p.exclusion?.reason ?? null,
  ...Array<ExportCell>(RESULT_CELLS).fill(null),
];

function resultCells(g: ComparisonGroupDto, allLines: string): ExportCell[] {
  const abs = g.bland_altman.absolute;
  const pct = g.bland_altman.percent;
  const pb = g.passing_bablok;
  const dem = g.deming;
  return [
    'Result',
    CLINICAL_ANALYTE_INFO[g.analyte].name,
    g.line_name ?? allLines,
    ...Array<ExportCell>(PAIR_CELLS - 3).fill(null),
    g.unit,
    g.n,
    g.excluded,
    abs?.bias ?? null,
    abs?.sd ?? null,
    abs?.bias_ci[0] ?? null,
    abs?.bias_ci[1] ?? null,
    abs?.loa_lower ?? null,
    abs?.loa_lower_ci[0] ?? null,
    abs?.loa_lower_ci[1] ?? null,
    abs?.loa_upper ?? null,
    abs?.loa_upper_ci[0] ?? null,
    abs?.loa_upper_ci[1] ?? null,
    pct?.bias ?? null,
    pct?.sd ?? null,
    pct?.bias_ci[0] ?? null,
    pct?.bias_ci[1] ?? null,
    pct?.loa_lower ?? null,
    pct?.loa_upper ?? null,
    g.paired_t?.t ?? null,
    g.paired_t?.p ?? null,
    g.wilcoxon?.v ?? null,
    g.wilcoxon?.p ?? null,
    pb?.slope ?? null,
    pb?.slope_ci[0] ?? null,
    pb?.slope_ci[1] ?? null,
    pb?.intercept ?? null,
    pb?.intercept_ci[0] ?? null,
    pb?.intercept_ci[1] ?? null,
    dem?.slope ?? null,
    dem?.slope_ci[0] ?? null,
    dem?.slope_ci[1] ?? null,
    dem?.intercept ?? null,
    dem?.intercept_ci[0] ?? null,
    dem?.intercept_ci[1] ?? null,
    g.criterion.type,
    g.criterion.scale,
    g.criterion.limit,
    verdictInWords(g.verdict, g.pairs_needed),
    g.pairs_needed,
  ];
}

/**
 * A study's download (section 2): its pairs (the excluded ones with their reason), then its
 * results table, from the frozen copy once approved. The study's gate applies (tenancy 404, the
 * clinicalData flag 403); `sendExport` writes the audit entry before the first byte.
 */
export async function exportStudy(
  deps: { db: DataSource },
  user: AuthUser,
  id: number,
): Promise<ExportTable> {
  const { institute, results, pairs } = await studyDocument(deps, user, id);
  const word = lineWord(institute.metadataType);
  const allLines = `All ${word.lowerPlural}`;
  return {
    instituteId: institute.id,
    filters: { comparison_study: id },
    name: `comparison-study-${id}`,
    title: 'Comparison study',
    columns: columns(word.singular),
    batches: (async function* () {
      for (let i = 0; i < pairs.length; i += 5000) {
        yield pairs.slice(i, i + 5000).map(pairCells);
      }
      yield results.groups.map((g) => resultCells(g, allLines));
    })(),
  };
}
