import type { DataSource } from 'typeorm';
import { lineWord } from '../../../shared/domain/line-word';
import type { AuthUser } from '../../auth/auth-user';
import type { PlotPair } from '../../reports/comparison-charts';
import { buildComparisonReport } from '../../reports/comparison-report';
import { byName } from './groups';
import { labelNames } from './repository';
import { studyDocument } from './service';

/**
 * A study's PDF report (section 5), built at each request from what the results answer shows:
 * the frozen copy once approved (naming the author, the approver and the time), the live data of
 * a draft otherwise ("Draft" on every page).
 */
export async function studyReport(
  deps: { db: DataSource },
  user: AuthUser,
  id: number,
): Promise<{ fileName: string; bytes: Buffer }> {
  const { institute, results, inputs, pairs } = await studyDocument(deps, user, id);
  const { study } = results;
  const word = lineWord(institute.metadataType);
  const byGroup = new Map<string, PlotPair[]>();
  const add = (key: string, pair: PlotPair) => {
    const list = byGroup.get(key) ?? [];
    list.push(pair);
    byGroup.set(key, list);
  };
  for (const p of pairs) {
    const pair = { reference: p.reference, test: p.test, excluded: p.exclusion !== null };
    add(`${p.analyte}:${p.line_id}`, pair);
    add(`${p.analyte}:all`, pair);
  }
  const bytes = await buildComparisonReport({
    institute: institute.name,
    lineWord: { singular: word.singular, lowerPlural: word.lowerPlural },
    study: {
      name: study.name,
      status: study.status,
      lines: [...inputs.lines].sort(byName).map((l) => l.name),
      dateGte: study.dateGte,
      dateLt: study.dateLt,
      labels: await labelNames(deps.db.manager, study.labelIds),
      confidence: study.confidence,
      errorRatio: study.errorRatio,
      analytes: study.analytes,
      author: study.createdByName,
      approver: study.approvedByName,
      approvedAt: study.approvedAt,
    },
    computedAt: results.computedAt,
    groups: results.groups,
    groupPairs: (g) => byGroup.get(`${g.analyte}:${g.line_id ?? 'all'}`) ?? [],
    exclusions: inputs.exclusions.map((e) => ({
      clinicalData: e.clinicalDataId,
      analyte: e.analyte,
      reason: e.reason,
      by: e.createdByName,
      at: e.createdAt,
    })),
    generatedAt: new Date(),
  });
  return { fileName: `comparison-study-${study.id}.pdf`, bytes };
}
