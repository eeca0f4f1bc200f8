import { RECORDS_PER_LINE_PER_DAY } from '../../shared/api/validations';
import { addDays } from '../../shared/domain/time-zone';
import { monitoringBaseline, type MonitoringBaseline } from '../../shared/domain/monitoring-rules';
import { parseRun } from '../../shared/vial/dat';
import { computeMetrics } from '../../shared/vial/metrics';
import { SeededRandom, simulateRun, type SimulateRunOptions } from '../../shared/vial/simulate';
import type { AppContext } from '../app-context';
import { loadAuthUser } from '../domain/auth/service';
import { acknowledgeEvent, closeEvent } from '../domain/monitoring/events-service';
import { Institute } from '../entities/institute';
import { Line } from '../entities/line';
import { MonitoringEvent } from '../entities/monitoring-event';
import { TransitRecord } from '../entities/record';
import { User } from '../entities/user';
import { Validation } from '../entities/validation';
import { Vial } from '../entities/vial';
import { processRecord } from '../pipeline/process-record';
import { storedRun } from './demo-records';

/**
 * The demo's monitored line (line-monitoring.md): a hospital line validated six weeks ago whose
 * runs have drifted upward over the last two weeks, so its Monitoring view, events and the demo
 * users' notifications have something to show. Seeded last, with a generator of its own, so no
 * other demo figure changes.
 */

export const DRIFT_LINE = 'Surgery to Central Lab';
export const DRIFT_VALIDATION = 'Surgery line baseline';
/** The vial that carried the line's runs (one of server/demo/demo-records.ts's). */
const DRIFT_VIAL = 'VV-2001';
const VALIDATION_DAYS = 2;
/** The baseline validation started this many days ago. */
const BASELINE_DAYS_AGO = 44;

/**
 * The z of each run after the baseline (one every other day up to yesterday), against the
 * baseline's mean and SD: 13 steady runs, then 8 drifting upward. Four in a row above +1 SD open
 * a 4_1s event at the 18th; the EWMA crosses its limit at the 19th and stays above it. No other
 * alarm fires (no z beyond 3, no two beyond 2, at most 9 on one side of the mean, none out of
 * the 99% range), so the line has exactly those two events. server/demo/demo-monitoring.test.ts
 * holds the simulated runs to it with the shared rules.
 */
export const DRIFT_STORY_Z = [
  ...[0.4, -0.7, 0.2, -1.1, 0.8, -0.3, 0.6, -0.9, 1.3, -0.2, 0.5, -0.6, 0.1],
  ...[0.7, 1.2, 1.1, 1.5, 1.4, 1.9, 1.7, 2.2],
];

/** What was found and done about the 4_1s event, which the demo's admin closed. */
export const DRIFT_RESOLUTION =
  'Estates found the blower of the Surgery line set above its validated pressure at its last ' +
  'service and set it back. The EWMA event stays open until new runs are back on the baseline.';

const DAY_MS = 86_400_000;
/** A simulated run's VitalMetric is hit to within this fraction of the baseline's SD. */
const Z_TOLERANCE = 0.01;

/** One run of the line: the simulation that writes its file, and the file's VitalMetric. */
export interface DriftRun {
  options: SimulateRunOptions;
  bytes: Uint8Array;
  auc: number;
  /** A run of the baseline validation (its first two days), or one of the sequence after it. */
  baseline: boolean;
}

const measured = (options: SimulateRunOptions) => {
  const bytes = simulateRun(options);
  return { bytes, auc: computeMetrics(parseRun(bytes)).auc };
};

/**
 * The run of these options whose VitalMetric is `target`: the same seed (so the same bends and
 * shocks) at the roughness that gives it, found by the secant method (the VitalMetric grows
 * smoothly, almost in proportion, with the roughness).
 */
function runWithAuc(options: SimulateRunOptions, target: number, tolerance: number) {
  let [r0, a0] = [options.roughness!, measured(options).auc];
  let r1 = (r0 * target) / a0;
  let run = measured({ ...options, roughness: r1 });
  for (let step = 0; step < 8 && Math.abs(run.auc - target) > tolerance; step++) {
    const r2 = r1 + ((target - run.auc) * (r1 - r0)) / (run.auc - a0);
    [r0, a0, r1] = [r1, run.auc, r2];
    run = measured({ ...options, roughness: r1 });
  }
  return { ...run, options: { ...options, roughness: r1 } };
}

/**
 * The line's runs, oldest first, dated back from `now`: four a day over the baseline
 * validation's two days (a smooth line with some spread), then one every other day whose
 * VitalMetric lies at DRIFT_STORY_Z of that baseline. Deterministic: the same runs for the same
 * `now`, and the dates do not enter the VitalMetrics.
 */
export function planDriftRuns(
  now: number,
  vial: { uuid: string; firstSequence: number },
): { runs: DriftRun[]; baseline: MonitoringBaseline; startDate: string } {
  const random = new SeededRandom(2024);
  let sequence = vial.firstSequence;
  /** A run on the day of `date` at a random minute of `hour` (a random day-time hour if none). */
  const options = (date: Date, hour = 7 + Math.floor(random.next() * 10)): SimulateRunOptions => {
    date.setUTCHours(hour, Math.floor(random.next() * 60), 0, 0);
    return {
      seed: 7_700_000 + sequence,
      sampleRate: 200,
      roughness: random.between(0.95, 1.05),
      transitSeconds: random.between(50, 70),
      idleSeconds: 5,
      startMs: date.getTime(),
      temperature: 'ambient',
      vialUuid: vial.uuid,
      sequence: sequence++,
    };
  };
  const first = new Date(now - BASELINE_DAYS_AGO * DAY_MS);
  const startDate = first.toISOString().slice(0, 10);
  const runs: DriftRun[] = [];
  for (let day = 0; day < VALIDATION_DAYS; day++) {
    for (let k = 0; k < RECORDS_PER_LINE_PER_DAY; k++) {
      const run = options(new Date(`${addDays(startDate, day)}T00:00:00Z`), 8 + 2 * k);
      runs.push({ ...measured(run), options: run, baseline: true });
    }
  }
  const baseline = monitoringBaseline(runs.map((r) => r.auc));
  if (typeof baseline === 'string') throw new Error(`The demo baseline is not usable: ${baseline}`);
  const last = DRIFT_STORY_Z.length - 1;
  for (const [i, z] of DRIFT_STORY_Z.entries()) {
    const date = new Date(now - (1 + 2 * (last - i)) * DAY_MS);
    const run = runWithAuc(
      options(date),
      baseline.mean + z * baseline.sd,
      Z_TOLERANCE * baseline.sd,
    );
    runs.push({ ...run, baseline: false });
  }
  return { runs, baseline, startDate };
}

/** Stores the run as a record of the line (in `validationId`, if given) and processes it. */
async function uploadAndProcess(
  ctx: AppContext,
  institute: Institute,
  vial: Vial,
  line: Line,
  run: DriftRun,
  validationId: number | null,
) {
  const repo = ctx.db.getRepository(TransitRecord);
  const record = await repo.save(
    repo.create({
      ...(await storedRun(ctx, institute.id, vial, run.bytes)),
      lineId: line.id,
      validationId,
      isReviewed: true,
    }),
  );
  // Processing is where a record enters the line's sequence: it opens the events and writes
  // the notifications (and queues their e-mails) in its transaction, as for any upload.
  await processRecord(ctx, record.id);
}

/** A demo user as the domain's services see the signed-in user. */
async function demoUser(ctx: AppContext, email: string) {
  const { id } = await ctx.db.getRepository(User).findOneByOrFail({ email });
  const user = await loadAuthUser(ctx.db, id);
  if (!user) throw new Error(`The demo user ${email} cannot sign in`);
  return user;
}

/**
 * The drifting line of the hospital, through the product's own paths: its baseline validation
 * in progress collects its 8 runs (the last one processed notifies validation_ready), is
 * completed; the runs since are processed in date order and open a 4_1s and an EWMA event
 * (event_opened for each member, e-mailed at once to the owner and the admin by the worker's
 * queue: `$DATA_DIR/outbox` without SMTP_URL). The member acknowledges the 4_1s event and the
 * admin closes it with a resolution; the EWMA event stays open. Run after the other demo seeds.
 */
export async function seedDemoMonitoring(ctx: AppContext): Promise<void> {
  const hospital = await ctx.db
    .getRepository(Institute)
    .findOneByOrFail({ name: 'Northfield General Hospital' });
  const vial = await ctx.db
    .getRepository(Vial)
    .findOneByOrFail({ instituteId: hospital.id, label: DRIFT_VIAL });
  const [{ last }]: { last: number | null }[] = await ctx.db.query(
    'SELECT max(sequence) AS last FROM records WHERE vial_id = $1',
    [vial.id],
  );
  const { runs, startDate } = planDriftRuns(Date.now(), {
    uuid: vial.uuid!,
    firstSequence: (last ?? 0) + 1,
  });

  const line = await ctx.db.getRepository(Line).save({
    name: DRIFT_LINE,
    instituteId: hospital.id,
    manufacturer: 'Swisslog',
    length: 350,
    description: 'Replaced the Old Surgery Line.',
  });
  const validations = ctx.db.getRepository(Validation);
  const validation = await validations.save(
    validations.create({
      instituteId: hospital.id,
      name: DRIFT_VALIDATION,
      startDate,
      durationDays: VALIDATION_DAYS,
      baseline: true,
      lines: [line],
    }),
  );
  for (const run of runs.filter((r) => r.baseline)) {
    await uploadAndProcess(ctx, hospital, vial, line, run, validation.id);
  }
  // Completed the evening after its last day, as the other demo validations (the domain's
  // completion would date it now, after the runs that follow it).
  await validations.update(validation.id, {
    status: 'completed',
    completedAt: new Date(`${addDays(startDate, VALIDATION_DAYS)}T18:00:00Z`),
  });
  for (const run of runs.filter((r) => !r.baseline)) {
    await uploadAndProcess(ctx, hospital, vial, line, run, null);
  }

  const fourInARow = await ctx.db
    .getRepository(MonitoringEvent)
    .findOneByOrFail({ lineId: line.id, rule: '4_1s' });
  const deps = { db: ctx.db };
  await acknowledgeEvent(deps, await demoUser(ctx, 'member@example.org'), fourInARow.id, {});
  await closeEvent(deps, await demoUser(ctx, 'admin@example.org'), fourInARow.id, {
    resolution: DRIFT_RESOLUTION,
  });
  ctx.log.info(`Seeded the drifting line ${DRIFT_LINE} with ${runs.length} records`);
}
