/**
 * Peer benchmarking's rules (peer-benchmarking.md sections 1, 2, 7 and 8): the switch, the
 * refusals in the spec's order, and a quarter's result answered from what is kept while its
 * inputs have not changed, recomputed once otherwise.
 */
import type { DataSource, EntityManager } from 'typeorm';
import {
  BENCHMARK_K,
  BENCHMARK_MESSAGES,
  BENCHMARK_MIN_MEASUREMENTS,
  BENCHMARK_MIN_RECORDS,
  isQuarter,
  type BenchmarkingOptInDto,
  type BenchmarksOverviewDto,
  type InstituteBenchmarksDto,
} from '../../../shared/api/benchmarks';
import { computeQuarter, type QuarterResult } from '../../../shared/benchmarking/compute';
import {
  hasEnded,
  hasStarted,
  lastEndedQuarter,
  quarterEdges,
} from '../../../shared/benchmarking/quarters';
import type { AuthUser } from '../../auth/auth-user';
import type { Logger } from '../../app-context';
import type { Institute } from '../../entities/institute';
import { forbidden, invalidInput } from '../errors';
import { existingInstitute } from '../institutes/service';
import { updateInstitute } from '../institutes/repository';
import { authorize, can } from '../policy';
import * as repo from './repository';

export interface BenchmarkDeps {
  db: DataSource;
  now: () => number;
  /** Where a quarter's result that could not be stored is told (its requests were answered). */
  log: Pick<Logger, 'error'>;
}

/** The 422 of a quarter (query parameter `quarter`), the spec's `value_error`. */
const quarterRefused = (msg: string) =>
  invalidInput([{ loc: ['query', 'quarter'], msg, type: 'value_error' }]);

/** A malformed quarter is refused before anything else is looked at. */
function checkedQuarter(quarter: string | undefined): string | undefined {
  if (quarter !== undefined && !isQuarter(quarter))
    throw quarterRefused(BENCHMARK_MESSAGES.quarter);
  return quarter;
}

async function switchOf(
  manager: EntityManager,
  institute: Institute,
): Promise<BenchmarkingOptInDto> {
  const change = await repo.lastOptInChange(manager, institute.id);
  return {
    opt_in: institute.benchmarkingOptIn,
    changed_at: change ? change.at.toISOString() : null,
    changed_by:
      change && (change.actor_id !== null || change.actor_email !== null)
        ? { id: change.actor_id, email: change.actor_email }
        : null,
  };
}

export async function getOptIn(deps: BenchmarkDeps, user: AuthUser, id: number) {
  authorize(user, 'read', id);
  return switchOf(deps.db.manager, await existingInstitute(deps.db.manager, id));
}

/** Owners and admins, and staff (on the institute's written request); audited by the trigger. */
export async function setOptIn(deps: BenchmarkDeps, user: AuthUser, id: number, optIn: boolean) {
  authorize(user, 'read', id);
  const institute = await existingInstitute(deps.db.manager, id);
  if (!can(user, 'benchmarking:switch')) throw forbidden(BENCHMARK_MESSAGES.optInForbidden);
  if (institute.benchmarkingOptIn !== optIn) {
    await updateInstitute(deps.db.manager, id, { benchmarkingOptIn: optIn });
  }
  return getOptIn(deps, user, id);
}

/** A quarter's result computed by this process, for the inputs of `version`. */
interface Computed {
  version: string;
  computedAt: Date;
  result: QuarterResult;
}

/**
 * The computation running in this process, by quarter: `computed` settles as soon as the result
 * is there (null when another process had kept it already), `kept` once it is stored. Requests
 * waiting for it answer from the result itself: storing every institute's answer (megabytes at
 * a thousand institutes) goes on under the quarter's lock, which other processes wait for.
 */
const running = new Map<string, { computed: Promise<Computed | null>; kept: Promise<void> }>();

function compute(deps: BenchmarkDeps, quarter: string) {
  let settle!: (c: Computed | null) => void;
  const computed = new Promise<Computed | null>((resolve) => (settle = resolve));
  const kept = deps.db
    .transaction(async (manager) => {
      await repo.lockQuarter(manager, quarter);
      const { version, stored } = await repo.quarterState(manager, quarter);
      if (stored === version) return settle(null);
      const population = await repo.loadPopulation(manager, quarter);
      const done: Computed = {
        version,
        computedAt: new Date(deps.now()),
        result: computeQuarter(population),
      };
      settle(done);
      const { result } = done;
      await repo.storeResult(
        manager,
        quarter,
        version,
        done.computedAt,
        result.overview,
        result.answers,
      );
    })
    .finally(() => {
      settle(null);
      running.delete(quarter);
    });
  // A failure reaches the requests that wait for `kept`, and the log (those answered from the
  // result wait for nothing); the next request computes again.
  kept.catch((err: unknown) => deps.log.error(`Could not store the benchmarks of ${quarter}`, err));
  return { computed, kept };
}

/**
 * Refreshes queued aggregates; then the version of the quarter's inputs and, when its kept result
 * is not of that version, the result computed for it (once, however many requests ask).
 */
async function currentResult(
  deps: BenchmarkDeps,
  quarter: string,
): Promise<{ version: string; fresh: Computed | null }> {
  let state = await repo.quarterState(deps.db.manager, quarter);
  if (state.stale) {
    await deps.db.transaction((manager) => repo.refreshStale(manager));
    state = await repo.quarterState(deps.db.manager, quarter);
  }
  if (state.stored === state.version) return { version: state.version, fresh: null };
  let computation = running.get(quarter);
  if (!computation) {
    computation = compute(deps, quarter);
    running.set(quarter, computation);
  }
  const fresh = await computation.computed;
  if (fresh?.version === state.version) return { version: state.version, fresh };
  await computation.kept;
  return { version: (await repo.quarterState(deps.db.manager, quarter)).version, fresh: null };
}

/** The answer of section 7, after its checks in the spec's order. */
export async function instituteBenchmarks(
  deps: BenchmarkDeps,
  user: AuthUser,
  id: number,
  asked: string | undefined,
): Promise<{ institute: Institute; answer: InstituteBenchmarksDto }> {
  checkedQuarter(asked);
  authorize(user, 'read', id);
  const institute = await existingInstitute(deps.db.manager, id);
  if (!institute.benchmarkingOptIn || institute.archived) {
    throw forbidden(BENCHMARK_MESSAGES.notTakingPart);
  }
  const now = deps.now();
  const quarter = asked ?? lastEndedQuarter(now, institute.timezone);
  if (!hasStarted(quarter, now, institute.timezone)) {
    throw quarterRefused(BENCHMARK_MESSAGES.notStarted(quarter));
  }
  let kept: Awaited<ReturnType<typeof repo.keptAnswer>> = null;
  // A change between the version read and the answer read: read again (rare).
  for (let attempt = 0; attempt < 3 && !kept; attempt++) {
    const { version, fresh } = await currentResult(deps, quarter);
    const answer = fresh?.result.answers.get(id);
    kept = fresh
      ? answer
        ? { answer, computedAt: fresh.computedAt }
        : null
      : await repo.keptAnswer(deps.db.manager, quarter, id, version);
  }
  if (!kept) throw new Error(`No benchmarks kept for ${quarter}`);
  const { start, end } = quarterEdges(quarter, institute.timezone);
  return {
    institute,
    answer: {
      institute: id,
      kind: kept.answer.kind,
      quarter,
      start: start.toISOString(),
      end: end.toISOString(),
      complete: hasEnded(quarter, now, institute.timezone),
      computed_at: new Date(kept.computedAt).toISOString(),
      k: BENCHMARK_K,
      min_records: BENCHMARK_MIN_RECORDS,
      min_measurements: BENCHMARK_MIN_MEASUREMENTS,
      groups: kept.answer.groups,
      lines: kept.answer.lines,
      hemolysis: kept.answer.hemolysis,
    },
  };
}

/** The staff overview (quarters' edges in UTC). */
export async function overview(
  deps: BenchmarkDeps,
  user: AuthUser,
  asked: string | undefined,
): Promise<BenchmarksOverviewDto> {
  checkedQuarter(asked);
  if (!can(user, 'benchmarks:overview')) throw forbidden();
  const now = deps.now();
  const quarter = asked ?? lastEndedQuarter(now, 'UTC');
  if (!hasStarted(quarter, now, 'UTC'))
    throw quarterRefused(BENCHMARK_MESSAGES.notStarted(quarter));
  let kept: Awaited<ReturnType<typeof repo.keptOverview>> = null;
  for (let attempt = 0; attempt < 3 && !kept; attempt++) {
    const { version, fresh } = await currentResult(deps, quarter);
    kept = fresh
      ? { overview: fresh.result.overview, computedAt: fresh.computedAt }
      : await repo.keptOverview(deps.db.manager, quarter, version);
  }
  if (!kept) throw new Error(`No benchmarks kept for ${quarter}`);
  return {
    quarter,
    computed_at: new Date(kept.computedAt).toISOString(),
    ...kept.overview,
  };
}
