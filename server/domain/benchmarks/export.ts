/**
 * The benchmarks' download (peer-benchmarking.md section 7): one row per line of the answer,
 * then one per hemolysis indicator, with the columns the spec names; the PDF from the same
 * answer. Same access, checks and figures as the answer itself.
 */
import type { InstituteBenchmarksDto } from '../../../shared/api/benchmarks';
import { lineWord } from '../../../shared/domain/line-word';
import type { AuthUser } from '../../auth/auth-user';
import { buildBenchmarksReport } from '../../reports/benchmarks-report';
import { writeAuditEntry } from '../audit/repository';
import type { ExportCell, ExportColumn, ExportTable } from '../exports/table';
import { instituteBenchmarks, type BenchmarkDeps } from './service';

const text = (header: string): ExportColumn => ({ header, type: 'text' });
const number = (header: string, decimals: number): ExportColumn => ({
  header,
  type: 'number',
  decimals,
});

const COLUMNS: ExportColumn[] = [
  text('quarter'),
  text('item'),
  number('line_id', 0),
  text('line_name'),
  text('status'),
  number('records', 0),
  number('value', 4),
  text('group'),
  number('n_institutes', 0),
  number('n_lines', 0),
  number('robust_mean', 4),
  number('robust_sd', 4),
  number('p10', 4),
  number('p25', 4),
  number('p50', 4),
  number('p75', 4),
  number('p90', 4),
  number('z', 4),
  number('percentile', 4),
  number('quintile', 0),
  text('band'),
];

/** The rows of the CSV and the workbook. */
function benchmarkRows(answer: InstituteBenchmarksDto): ExportCell[][] {
  const groups = new Map(answer.groups.map((g) => [g.key, g]));
  const lines = answer.lines.map((l): ExportCell[] => {
    const g = l.group === null ? undefined : groups.get(l.group);
    return [
      answer.quarter,
      'vitalmetric',
      l.line_id,
      l.line_name,
      l.status,
      l.records,
      l.value,
      l.group,
      g?.n_institutes ?? null,
      g?.n_lines ?? null,
      g?.robust_mean ?? null,
      g?.robust_sd ?? null,
      g?.percentiles?.p10 ?? null,
      g?.percentiles?.p25 ?? null,
      g?.percentiles?.p50 ?? null,
      g?.percentiles?.p75 ?? null,
      g?.percentiles?.p90 ?? null,
      l.z,
      l.percentile,
      l.quintile,
      l.band,
    ];
  });
  const { hemolysis } = answer;
  const shown = hemolysis.group.shown;
  const indicators = hemolysis.indicators.map((i): ExportCell[] => [
    answer.quarter,
    i.indicator,
    null,
    null,
    hemolysis.status,
    hemolysis.measurements,
    i.value,
    shown ? hemolysis.group.key : null,
    shown ? hemolysis.group.n_institutes : null,
    null,
    i.robust_mean,
    i.robust_sd,
    i.percentiles?.p10 ?? null,
    i.percentiles?.p25 ?? null,
    i.percentiles?.p50 ?? null,
    i.percentiles?.p75 ?? null,
    i.percentiles?.p90 ?? null,
    i.z,
    i.percentile,
    i.quintile,
    i.band,
  ]);
  return [...lines, ...indicators];
}

export async function exportBenchmarks(
  deps: BenchmarkDeps,
  user: AuthUser,
  id: number,
  quarter: string | undefined,
): Promise<ExportTable> {
  const { answer } = await instituteBenchmarks(deps, user, id, quarter);
  return {
    instituteId: id,
    filters: { quarter: answer.quarter },
    name: `benchmarks-${answer.quarter}`,
    title: `Peer benchmarking ${answer.quarter}`,
    columns: COLUMNS,
    batches: (async function* () {
      yield benchmarkRows(answer);
    })(),
  };
}

/** The PDF, audited as every export is. */
export async function benchmarksPdf(
  deps: BenchmarkDeps,
  user: AuthUser,
  id: number,
  quarter: string | undefined,
): Promise<{ fileName: string; bytes: Buffer }> {
  const { institute, answer } = await instituteBenchmarks(deps, user, id, quarter);
  const fileName = `benchmarks-${answer.quarter}`;
  await writeAuditEntry(deps.db.manager, {
    instituteId: id,
    objectType: 'export',
    objectId: fileName,
    action: 'exported',
    changes: { format: 'pdf', filters: { quarter: answer.quarter } },
  });
  return {
    fileName: `${fileName}.pdf`,
    bytes: await buildBenchmarksReport({
      institute: institute.name,
      word: lineWord(institute.metadataType),
      answer,
      generatedAt: new Date(deps.now()),
    }),
  };
}
