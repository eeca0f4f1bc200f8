import fs from 'node:fs';
import path from 'node:path';
import type { Client } from 'pg';
import * as prettier from 'prettier';
import { bandSqlCondition } from '../shared/domain/rejection-bands';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** The plan's nodes, depth first, as "Limit → Index Scan Backward (IDX_…)". */
function shape(node: PlanNode): string {
  const own =
    node['Node Type'] +
    (node['Index Name'] ? ` ${node['Index Name']}` : '') +
    (node['Node Type'] === 'Seq Scan' ? ` ${node['Relation Name']}` : '');
  const children = (node.Plans ?? []).map(shape);
  if (!children.length) return own;
  return `${own} → ${children.length > 1 ? `[${children.join('; ')}]` : children[0]}`;
}

const hasSeqScanOfRecords = (node: PlanNode): boolean =>
  (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'records') ||
  (node.Plans ?? []).some(hasSeqScanOfRecords);

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the records list's two queries (the page's ids in order, the
 * count) for each filter and ordering the spec names, as server/domain/pagination.ts writes them,
 * written to bench/plans.md.
 */
export async function explainPlans(
  pg: Client,
  count: number,
  ids: { institute: number; lines: number[]; validation: number; label: number },
): Promise<void> {
  const visible = `r.institute_id = ${ids.institute} AND r.hidden = false`;
  const reviewed = `${visible} AND r.exclude = false AND r.is_processed = true AND r.is_reviewed = true`;
  const year = `r.date >= now() - interval '365 days' AND r.date < now()`;
  const cases: { name: string; where: string; order: string; offset?: number }[] = [
    { name: 'Reviewed tab, newest first', where: reviewed, order: 'r.date DESC, r.id DESC' },
    {
      name: 'Reviewed tab, page 50',
      where: reviewed,
      order: 'r.date DESC, r.id DESC',
      offset: 1000,
    },
    {
      name: 'To-review tab, newest first',
      where: `${visible} AND r.exclude = false AND r.is_processed = true AND r.is_reviewed = false`,
      order: 'r.date DESC, r.id DESC',
    },
    { name: 'all records, oldest first', where: visible, order: 'r.date ASC, r.id ASC' },
    {
      name: 'by upload date',
      where: visible,
      order: 'r.upload_date DESC, r.id DESC',
    },
    {
      name: 'by VitalMetric, highest first',
      where: reviewed,
      order: 'r.auc DESC NULLS LAST, r.id DESC',
    },
    {
      name: 'by VitalMetric, lowest first',
      where: visible,
      order: 'r.auc ASC NULLS FIRST, r.id ASC',
    },
    {
      name: 'one line, newest first (line page)',
      where: `${visible} AND r.line_id IN (${ids.lines[0]})`,
      order: 'r.date DESC, r.id DESC',
    },
    {
      name: 'two lines × one year by VitalMetric, page 6',
      where: `${reviewed} AND r.line_id IN (${ids.lines[0]}, ${ids.lines[1]}) AND ${year}`,
      order: '(r.auc + 0) DESC NULLS LAST, r.id DESC',
      offset: 120,
    },
    {
      name: 'one day (heat map link)',
      where: `${visible} AND r.exclude = false AND r.date >= now() - interval '30 days' AND r.date < now() - interval '29 days'`,
      order: 'r.date DESC, r.id DESC',
    },
    {
      name: 'upload date range',
      where: `${visible} AND r.upload_date >= now() - interval '7 days'`,
      order: 'r.date DESC, r.id DESC',
    },
    {
      name: 'validation',
      where: `${visible} AND r.validation_id IN (${ids.validation})`,
      order: 'r.date DESC, r.id DESC',
    },
    {
      name: 'label',
      where: `${reviewed} AND EXISTS (SELECT 1 FROM record_labels rl WHERE rl.record_id = r.id AND rl.label_id IN (${ids.label}))`,
      order: 'r.date DESC, r.id DESC',
    },
    {
      name: 'unlabeled',
      where: `${reviewed} AND NOT EXISTS (SELECT 1 FROM record_labels rl WHERE rl.record_id = r.id)`,
      order: 'r.date DESC, r.id DESC',
    },
    {
      name: 'rejection band substantial',
      where: `${reviewed} AND (${bandSqlCondition('r.rejection', 'substantial')})`,
      order: 'r.date DESC, r.id DESC',
    },
    {
      name: 'by rejection',
      where: reviewed,
      order: 'r.rejection DESC NULLS LAST, r.id DESC',
    },
    { name: 'by duration', where: reviewed, order: 'r.duration DESC NULLS LAST, r.id DESC' },
    { name: 'by vial', where: reviewed, order: 'r.vial_label ASC NULLS FIRST, r.id ASC' },
    { name: 'by line name', where: reviewed, order: 'line.name ASC NULLS FIRST, r.id ASC' },
  ];
  const toReview = `${visible} AND r.exclude = false AND r.is_processed = true AND r.is_reviewed = false`;
  // Lists filtered by flags only take their total from the tallies (record_counts), not a count.
  const tallied = (where: string) => [visible, reviewed, toReview].includes(where);
  const rows: string[] = [];
  for (const c of cases) {
    const from = `FROM records r LEFT JOIN lines line ON line.id = r.line_id WHERE ${c.where}`;
    for (const [kind, sql] of [
      ['page', `SELECT r.id ${from} ORDER BY ${c.order} LIMIT 20 OFFSET ${c.offset ?? 0}`],
      ['count', `SELECT count(*)::int ${from}`],
    ]) {
      const [
        {
          'QUERY PLAN': [plan],
        },
      ] = (await pg.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`)).rows as {
        'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[];
      }[];
      const buffers =
        (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0);
      rows.push(
        `| ${c.name} | ${kind === 'count' && tallied(c.where) ? 'count (product: tallies)' : kind} | ` +
          `${plan['Execution Time'].toFixed(1)} ms | ${buffers} | ` +
          `${hasSeqScanOfRecords(plan.Plan) ? 'seq scan' : 'index'} | ${shape(plan.Plan)} |`,
      );
    }
  }
  const text = [
    '# Plans of the records list at scale',
    '',
    `Written by \`npm run bench -- --records ${count} --plans\` (bench/plans.ts): EXPLAIN (ANALYZE, BUFFERS)`,
    "of the two queries server/domain/pagination.ts sends for a page of records, the page's ids in",
    'index order and the exact count beside them, for each filter and ordering of monitoring.md, on',
    `the demo hospital with ${count.toLocaleString('en')} records added (VACUUM ANALYZE after the insert).`,
    'Buffers: shared hit + read of the top node. "count (product: tallies)": a list filtered by',
    'flags only (the To Review and Reviewed tabs) takes its exact total from record_counts, which',
    'the records triggers keep; the count plan shown is what it would cost otherwise.',
    '',
    '| query | part | time | buffers | access | plan |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  const file = path.join(__dirname, 'plans.md');
  // As `npm run lint` wants it (prettier --check .).
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
  console.log(`  plans of ${cases.length} list queries written to bench/plans.md`);
}
