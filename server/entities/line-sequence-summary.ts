import { Column, Entity, ManyToOne, PrimaryColumn } from 'typeorm';
import type { MonitoringRule } from '../../shared/domain/monitoring-rules';
import { Line } from './line';

/*
 * What a line's monitoring answers for its whole sequence (line-monitoring.md §2: `total` and
 * `rule_counts`), kept so that the view of a line with years of records reads its last records
 * only. Statement triggers on `records` (migration LineSequenceSummaries) raise `version` in the
 * same transaction as any write that can change a line's sequence, whatever wrote it; the summary
 * holds while `computedVersion` equals it and `baseline` names the figures it was judged against
 * (monitoring/summary-repository.ts).
 */
@Entity('line_sequence_summaries')
export class LineSequenceSummary {
  @PrimaryColumn({ type: 'int' })
  lineId: number;

  @ManyToOne(() => Line, { onDelete: 'CASCADE' })
  line: Line;

  /** Raised by every write to the line's records that can change its sequence. */
  @Column({ type: 'bigint', default: 1 })
  version: string;

  /** The version the summary below was computed at (null: never computed). */
  @Column({ type: 'bigint', nullable: true })
  computedVersion: string | null;

  /** The baseline figures it was judged against, as monitoring/service.ts names them. */
  @Column({ type: 'text', nullable: true })
  baseline: string | null;

  @Column({ type: 'int', nullable: true })
  total: number | null;

  @Column({ type: 'jsonb', nullable: true })
  ruleCounts: Record<MonitoringRule, number> | null;
}
