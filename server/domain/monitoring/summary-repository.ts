import type { EntityManager } from 'typeorm';
import type { MonitoringRule } from '../../../shared/domain/monitoring-rules';

/** What the whole sequence gives a line's monitoring besides its last points. */
export interface SequenceSummary {
  total: number;
  ruleCounts: Record<MonitoringRule, number>;
}

/**
 * The line's summary version, and the summary itself when it was computed at that version against
 * the same `baseline` (entity LineSequenceSummary). A line no write has touched since the summaries
 * came has version '0'.
 */
export async function readSummary(
  manager: EntityManager,
  lineId: number,
  baseline: string,
): Promise<{ version: string; summary: SequenceSummary | null }> {
  const [row]: {
    version: string;
    computed_version: string | null;
    baseline: string | null;
    total: number;
    rule_counts: Record<MonitoringRule, number>;
  }[] = await manager.query(
    `SELECT version, computed_version, baseline, total, rule_counts
     FROM line_sequence_summaries WHERE line_id = $1`,
    [lineId],
  );
  if (!row) return { version: '0', summary: null };
  const holds = row.computed_version === row.version && row.baseline === baseline;
  return {
    version: row.version,
    summary: holds ? { total: row.total, ruleCounts: row.rule_counts } : null,
  };
}

/**
 * Keeps a summary computed at `version`, unless a write has raised the line's version since: that
 * write's records were not in what it was computed from.
 */
export async function storeSummary(
  manager: EntityManager,
  lineId: number,
  version: string,
  baseline: string,
  { total, ruleCounts }: SequenceSummary,
): Promise<void> {
  await manager.query(
    `INSERT INTO line_sequence_summaries AS s
       (line_id, version, computed_version, baseline, total, rule_counts)
     SELECT $1, $2, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM lines WHERE id = $1)
     ON CONFLICT (line_id) DO UPDATE SET computed_version = EXCLUDED.computed_version,
       baseline = EXCLUDED.baseline, total = EXCLUDED.total, rule_counts = EXCLUDED.rule_counts
     WHERE s.version = EXCLUDED.version`,
    [lineId, version, baseline, total, JSON.stringify(ruleCounts)],
  );
}
