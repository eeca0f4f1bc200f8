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
import { computeQuarter } from '../../../shared/benchmarking/compute';
import {
  hasEnded,
  hasStarted,
  lastEndedQuarter,
  quarterEdges,
} from '../../../shared/benchmarking/quarters';
import type { AuthUser } from '../../auth/auth-user';
import type { Institute } from '../../entities/institute';
import { forbidden, invalidInput } from '../errors';
import { existingInstitute } from '../institutes/service';
import { updateInstitute } from '../institutes/repository';
import { authorize, can } from '../policy';
import * as repo from './repository';

export interface BenchmarkDeps {
  db: DataSource;
  now: () => number;
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

/** Computations running in this process, by quarter: concurrent requests wait for the one. */
const running = new Map<string, Promise<void>>();

/** Refreshes queued aggregates, then recomputes the quarter if its kept result is not current. */
async function currentVersion(deps: BenchmarkDeps, quarter: string): Promise<string> {
  let state = await repo.quarterState(deps.db.manager, quarter);
  if (state.stale) {
    await deps.db.transaction((manager) => repo.refreshStale(manager));
    state = await repo.quarterState(deps.db.manager, quarter);
  }
  if (state.stored === state.version) return state.version;
  let computing = running.get(quarter);
  if (!computing) {
    computing = deps.db
      .transaction(async (manager) => {
        await repo.lockQuarter(manager, quarter);
        const { version, stored } = await repo.quarterState(manager, quarter);
        if (stored === version) return;
        const result = computeQuarter(await repo.loadPopulation(manager, quarter));
        await repo.storeResult(
          manager,
          quarter,
          version,
          new Date(deps.now()),
          result.overview,
          result.answers,
        );
      })
      .finally(() => running.delete(quarter));
    running.set(quarter, computing);
  }
  await computing;
  return (await repo.quarterState(deps.db.manager, quarter)).version;
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
    const version = await currentVersion(deps, quarter);
    kept = await repo.keptAnswer(deps.db.manager, quarter, id, version);
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
    kept = await repo.keptOverview(deps.db.manager, quarter, await currentVersion(deps, quarter));
  }
  if (!kept) throw new Error(`No benchmarks kept for ${quarter}`);
  return {
    quarter,
    computed_at: new Date(kept.computedAt).toISOString(),
    ...kept.overview,
  };
}
