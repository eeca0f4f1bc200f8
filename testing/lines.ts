import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { rejectionSettings, storedRejection } from '../server/domain/rejection/service';
import { TransitRecord } from '../server/entities/record';
import { insertLine, insertValidation } from './rows';

export interface RecordSpec {
  auc: number;
  /** The record's AUC at 225 Hz; its auc unless given. */
  auc225?: number;
  /** The record's power (g²); 0.01 unless given. */
  power?: number;
  date?: Date;
  validationId?: number | null;
  exclude?: boolean;
  flatlineError?: boolean;
  /** °C; 21 unless given, null for a run without temperatures. */
  meanKineticTemperature?: number | null;
}

/**
 * Processed records with chosen VitalMetric values, written straight into the database: statistics
 * tests need exact values and many records, not the real upload path (tested in records/). Their
 * rejection figures are at the institute's settings, as processing would store them.
 */
export async function insertProcessedRecords(
  db: DataSource,
  instituteId: number,
  lineId: number,
  specs: RecordSpec[],
): Promise<number[]> {
  const repo = db.getRepository(TransitRecord);
  const settings = await rejectionSettings(db.manager, instituteId);
  const saved = await repo.save(
    specs.map((s) =>
      repo.create({
        instituteId,
        lineId,
        validationId: s.validationId ?? null,
        date: s.date ?? new Date(),
        sha256: randomBytes(32).toString('hex'),
        fileSize: '1000',
        isProcessed: true,
        isReviewed: true,
        exclude: s.exclude ?? false,
        flatlineError: s.flatlineError ?? false,
        auc: s.auc,
        ...storedRejection(s.auc, settings),
        metrics: {
          auc: s.auc,
          auc_225hz: s.auc225 ?? s.auc,
          power: s.power ?? 0.01,
          maximum_acceleration: 3,
          duration: 60,
          mean_kinetic_temperature:
            s.meanKineticTemperature === undefined ? 21 : s.meanKineticTemperature,
          minimum_temperature: 20,
          maximum_temperature: 22,
          no_run_error: false,
          short_run_error: false,
          flatline_error: s.flatlineError ?? false,
        },
      }),
    ),
  );
  return saved.map((r) => r.id);
}

/** The demo institutes' ids by name. */
export async function instituteIds(db: DataSource) {
  const rows: { id: number; name: string }[] = await db.query('SELECT id, name FROM institutes');
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  return {
    provider: byName.get('VialQC Provider')!,
    hospital: byName.get('Northfield General Hospital')!,
    courier: byName.get('Lakeside Courier Services')!,
  };
}

const DAY_MS = 86_400_000;
export const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);

/**
 * A line of the institute with a completed baseline validation (started 40 days ago, completed 30
 * days ago) holding records of the `baseline` VitalMetrics, and records of the `since` ones on the
 * days up to yesterday, one a day: a line its monitoring judges.
 */
export async function insertMonitoredLine(
  db: DataSource,
  instituteId: number,
  names: { line: string; validation: string },
  aucs: { baseline: number[]; since: number[] },
) {
  const line = await insertLine(db, instituteId, { name: names.line });
  const validation = await insertValidation(db, instituteId, {
    name: names.validation,
    status: 'completed',
    baseline: true,
    startDate: daysAgo(40).toISOString().slice(0, 10),
    completedAt: daysAgo(30),
    lines: [line],
  });
  await insertProcessedRecords(
    db,
    instituteId,
    line.id,
    aucs.baseline.map((auc) => ({ auc, validationId: validation.id, date: daysAgo(39) })),
  );
  await insertProcessedRecords(
    db,
    instituteId,
    line.id,
    aucs.since.map((auc, i) => ({ auc, date: daysAgo(aucs.since.length - i) })),
  );
  return { line, validation };
}

/**
 * Events of `rules` (above the mean) opened at the line's latest record of VitalMetric `auc`, as
 * processing it would have opened them: the first rule's an hour ago, each next an hour older.
 * Their ids, in the order of `rules`.
 */
export async function openEventsAt(
  db: DataSource,
  lineId: number,
  auc: number,
  rules: string[],
): Promise<number[]> {
  // With the firing that opened each (monitoring_event_firings), as processing writes it.
  const rows: { id: number }[] = await db.query(
    `WITH opened AS (
       INSERT INTO monitoring_events
         (line_id, rule, side, first_record_id, last_record_id, opened_at)
       SELECT $1, r.rule, 'above', id, id, now() - interval '1 hour' * r.ord
       FROM records, unnest($3::text[]) WITH ORDINALITY AS r(rule, ord)
       WHERE id = (SELECT max(id) FROM records WHERE line_id = $1 AND auc = $2)
       ORDER BY r.ord RETURNING id, first_record_id),
     firings AS (
       INSERT INTO monitoring_event_firings (record_id, event_id, opened)
       SELECT first_record_id, id, true FROM opened)
     SELECT id FROM opened ORDER BY id`,
    [lineId, auc, rules],
  );
  return rows.map((r) => r.id);
}
