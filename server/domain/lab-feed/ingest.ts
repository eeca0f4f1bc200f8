/**
 * A message or bundle's way in (lab-feed.md sections 2 to 5): read, checked against today's
 * mappings, then in one transaction either kept as rejected (its extract, for a retry) or filed:
 * the message row first (its (sending facility, control id) unique: a copy answers as a
 * duplicate), then its results, then each touched sample's results replayed under the status
 * rules, the day's counts and the lines' lab-feed data sets.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  CANONICAL_UNITS,
  CODE_LIMITS,
  LAB_FEED_INBOX_MAX,
  LAB_FEED_REJECTED_DAYS,
  PLAUSIBLE_MAXIMA,
  actionOfFhirStatus,
  actionOfObxStatus,
  readValue,
  type Comparator,
  type ResultFlag,
} from '../../../shared/domain/lab-feed';
import type { MessageSource } from '../../../shared/api/lab-feed';
import { zonedDay } from '../../../shared/domain/time-zone';
import { openSecret, sealSecret } from '../../auth/sso-secret';
import type { StoredReason } from '../../entities/lab-feed';
import { ZoneOffsets } from '../hemolysis/zoned-time';
import type { Extract, ExtractResult, Problem, SentTime } from './extract';
import { syncFeedDataSets } from './feed-data-set';
import { SAC_CODE, codeKey, fileResult, nominalStatus, replay, type Mappings } from './filing';
import * as repo from './repository';

/** Counts the work of one message adds to the Prometheus figures (after its commit). */
export interface FeedCounts {
  outcome: 'accepted' | 'duplicate' | 'rejected' | 'test';
  filed: number;
  pending: number;
  ignored: number;
}

/** The organization's sample keys, per database (tests run several servers in one process). */
const KEYS = new WeakMap<object, Map<number, Buffer>>();

/** HMAC-SHA256 of a sample id under the organization's key (made at its first message). */
export async function sampleKeyer(
  manager: EntityManager,
  instituteId: number,
  secretKey: Buffer,
): Promise<(sampleId: string) => string> {
  let byInstitute = KEYS.get(manager.connection);
  if (!byInstitute) KEYS.set(manager.connection, (byInstitute = new Map()));
  let key = byInstitute.get(instituteId);
  if (!key) {
    const aad = `lab-feed:${instituteId}`;
    const fresh = sealSecret(secretKey, randomBytes(32).toString('base64'), aad);
    const stored = await repo.sampleKeyRow(manager, instituteId, fresh);
    key = Buffer.from(openSecret(secretKey, stored, aad), 'base64');
    byInstitute.set(instituteId, key);
  }
  const k = key;
  return (id) => createHmac('sha256', k).update(id, 'utf8').digest('hex');
}

const HL7_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(?:(\d{2})(?:\.(\d{1,4}))?)?([+-]\d{4})?$/;
const FHIR_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/;

/** An instant of a sent time, or null when it is not one (or a local time in a DST gap). */
export function instantOf(t: SentTime, source: MessageSource, zone: ZoneOffsets): number | null {
  const m = (source === 'hl7' ? HL7_TIME : FHIR_TIME).exec(t.value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0));
  const ms = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  if (new Date(wall).getUTCDate() !== d) return null;
  const offset = m[8];
  if (!offset) return zone.toInstant(wall);
  if (offset === 'Z') return wall;
  const digits = offset.replace(':', '');
  const oh = Number(digits.slice(1, 3));
  const om = Number(digits.slice(3, 5));
  if (oh > 14 || om > 59) return null;
  return wall - (digits[0] === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
}

/** A message's results ready to insert, and what kept them from it. */
export interface Resolution {
  problems: Problem[];
  rows: repo.NewResult[];
  /** For FHIR: each row's request entry, and the entries whose results were ignored. */
  rowEntries: (number | undefined)[];
  ignored: number;
  ignoredEntries: Set<number>;
}

const cut = (s: string, n: number) => s.slice(0, n);

const timeProblem = (t: SentTime, source: MessageSource, future: boolean): Problem => {
  const place = source === 'hl7' ? `${t.segment}-${t.field}` : t.segment;
  return {
    reason: future ? 'future_time' : 'bad_time',
    location: source === 'hl7' ? `${t.segment}^${t.occurrence}^${t.field}` : t.segment,
    message: future
      ? `${place} ${t.value} is more than a day in the future.`
      : `${place} "${t.value}" is not a date and time (YYYYMMDDHHMM[SS][±ZZZZ]).`,
    order: t.order,
  };
};

/**
 * The extract under today's mappings (sections 2.1, 5 and 6): its results as rows, the ignored
 * ones counted, and every problem that rejects the message (with those found while reading).
 */
export function resolve(
  extract: Extract,
  maps: Mappings,
  zone: ZoneOffsets,
  receivedAt: Date,
): Resolution {
  const problems: Problem[] = [...extract.problems];
  const seenTimes = new Set<string>();
  const rows: repo.NewResult[] = [];
  const rowEntries: (number | undefined)[] = [];
  const specimenOf: number[] = [];
  const ignoredEntries = new Set<number>();
  let ignored = 0;
  const source = extract.source;
  for (const r of extract.results) {
    const action = source === 'hl7' ? actionOfObxStatus(r.status) : actionOfFhirStatus(r.status);
    if (action === null) continue; // bad_status: a problem already
    if (action === 'ignored') {
      ignored++;
      if (r.entry !== undefined) ignoredEntries.add(r.entry);
      continue;
    }
    let sampledAt: number | null = null;
    if (r.time) {
      sampledAt = instantOf(r.time, source, zone);
      const future = sampledAt !== null && sampledAt > receivedAt.getTime() + 86_400_000;
      if (sampledAt === null || future) {
        const key = `${r.time.segment}|${r.time.occurrence}|${r.time.field}|${r.time.value}`;
        if (!seenTimes.has(key)) problems.push(timeProblem(r.time, source, future));
        seenTimes.add(key);
        continue;
      }
    } else {
      problems.push(
        timeProblem(
          { value: '', segment: r.valueAt, occurrence: 0, field: 0, order: r.order },
          source,
          false,
        ),
      );
      continue;
    }
    const read = readSent(r, action === 'delete' || action === 'cannot_obtain');
    if (read.negative) {
      problems.push({
        reason: 'negative_value',
        location: r.valueAt,
        message: `${r.name}: the value ${r.value.trim()} is negative.`,
        order: r.order,
      });
      continue;
    }
    const sent = {
      location: r.location,
      code: r.codes[0],
      alternates: r.codes.slice(1).map((c) => ({ system: c.system, code: c.code })),
      numberSent: read.number,
      unitSent: r.unit === '' ? null : cut(r.unit, CODE_LIMITS.unit),
      comparator: read.comparator,
      flag: read.flag,
      action,
    };
    const filed = fileResult(sent, maps);
    if (filed.ignored) {
      ignored++;
      if (r.entry !== undefined) ignoredEntries.add(r.entry);
      continue;
    }
    if (filed.pendingReasons.includes('implausible') && filed.analyte) {
      const unit = CANONICAL_UNITS[filed.analyte];
      problems.push({
        reason: 'implausible_value',
        location: r.valueAt,
        message: `${r.name}: ${filed.analyte} ${filed.value} ${unit} is above the plausible maximum of ${PLAUSIBLE_MAXIMA[filed.analyte]} ${unit}: check the unit or the mapping of ${filed.code.system} ${filed.code.code}.`,
        order: r.order,
      });
      continue;
    }
    const text =
      r.codes.find((c) => c.system === filed.code.system && c.code === filed.code.code)?.text ?? '';
    rows.push({
      sampleKey: r.sampleKey,
      analyte: filed.analyte,
      lineId: filed.lineId,
      location: cut(r.location, CODE_LIMITS.code),
      codeSystem: cut(filed.code.system, CODE_LIMITS.system),
      code: cut(filed.code.code, CODE_LIMITS.code),
      codeText: cut(text, CODE_LIMITS.text),
      alternates: sent.alternates,
      valueSent: read.number === null ? null : cut(r.value.trim(), CODE_LIMITS.text),
      unitSent: sent.unitSent,
      numberSent: read.number,
      value: filed.value,
      comparator: read.comparator,
      flag: read.flag,
      action,
      status: nominalStatus(action),
      state: filed.pendingReasons.length ? 'pending' : 'filed',
      pendingReasons: filed.pendingReasons,
      sampledAt: new Date(sampledAt),
      isCurrent: false,
    });
    rowEntries.push(r.entry);
    specimenOf.push(r.fixedAnalyte ? -r.specimen - 1 : r.specimen);
  }
  // An OBX of the specimen mapped to h_index wins over its SAC-32.
  const hiSpecimens = new Set(
    rows
      .map((row, i) => (row.analyte === 'h_index' && specimenOf[i] >= 0 ? specimenOf[i] : null))
      .filter((s) => s !== null),
  );
  const keep = rows.map(
    (row, i) =>
      !(
        row.codeSystem === SAC_CODE.system &&
        row.code === SAC_CODE.code &&
        specimenOf[i] < 0 &&
        hiSpecimens.has(-specimenOf[i] - 1)
      ),
  );
  return {
    problems,
    rows: rows.filter((_, i) => keep[i]),
    rowEntries: rowEntries.filter((_, i) => keep[i]),
    ignored: ignored + keep.filter((k) => !k).length,
    ignoredEntries,
  };
}

/** A sent value as a number (with its comparator), or a flag; none for a deletion. */
function readSent(
  r: ExtractResult,
  noValue: boolean,
): {
  number: number | null;
  comparator: Comparator | null;
  flag: ResultFlag | null;
  negative: boolean;
} {
  if (noValue) return { number: null, comparator: null, flag: null, negative: false };
  if (r.nonNumeric) return { number: null, comparator: null, flag: 'non_numeric', negative: false };
  const read = readValue(r.value);
  if (read.kind === 'flag')
    return { number: null, comparator: null, flag: read.flag, negative: false };
  return { number: read.number, comparator: read.comparator, flag: null, negative: read.negative };
}

/** The mappings of every location and code an extract names. */
export function mappingsFor(manager: EntityManager, instituteId: number, extract: Extract) {
  return repo.loadMappings(
    manager,
    instituteId,
    [...new Set(extract.results.map((r) => r.location))],
    uniqueCodes(extract.results.flatMap((r) => r.codes)),
  );
}

const uniqueCodes = (codes: { system: string; code: string }[]) => {
  const seen = new Map<string, { system: string; code: string }>();
  for (const c of codes) seen.set(codeKey(c.system, c.code), { system: c.system, code: c.code });
  return [...seen.values()];
};

/** What a replay changed: results whose state, line, analyte or value moved, and their lines. */
export interface Refiled {
  refiled: number;
  lineIds: Set<number>;
}

/**
 * Files these samples' results again under today's mappings (section 6) and replays the status
 * rules over each (sample, analyte) in arrival order (section 5); writes what changed.
 */
export async function replaySamples(
  manager: EntityManager,
  instituteId: number,
  sampleKeys: readonly string[],
  maps: Mappings,
): Promise<Refiled> {
  return replayResults(
    manager,
    instituteId,
    await repo.resultsOfSamples(manager, instituteId, sampleKeys),
    maps,
  );
}

/** replaySamples over the samples' results as read (every result of each, in arrival order). */
async function replayResults(
  manager: EntityManager,
  instituteId: number,
  rows: readonly repo.StoredResult[],
  maps: Mappings,
): Promise<Refiled> {
  const missingLocations = [...new Set(rows.map((r) => r.location))].filter(
    (l) => !maps.locations.has(l),
  );
  const missingCodes = uniqueCodes(
    rows.flatMap((r) => [{ system: r.code_system, code: r.code }, ...r.code_alternates]),
  ).filter((c) => !maps.codes.has(codeKey(c.system, c.code)));
  if (missingLocations.length || missingCodes.length)
    await repo.loadMappings(manager, instituteId, missingLocations, missingCodes, maps);

  const dropped: string[] = [];
  const targets = new Map<string, repo.ResultChange>();
  const groups = new Map<string, repo.StoredResult[]>();
  for (const row of rows) {
    const filed = fileResult(
      {
        location: row.location,
        code: { system: row.code_system, code: row.code, text: '' },
        alternates: row.code_alternates,
        numberSent: row.number_sent,
        unitSent: row.unit_sent,
        comparator: row.comparator,
        flag: row.flag,
        action: row.action,
      },
      maps,
    );
    if (filed.ignored) {
      dropped.push(row.id);
      continue;
    }
    const state = filed.pendingReasons.length ? 'pending' : 'filed';
    targets.set(row.id, {
      id: row.id,
      analyte: filed.analyte,
      lineId: filed.lineId,
      codeSystem: filed.code.system,
      code: filed.code.code,
      value: row.action === 'cannot_obtain' || row.action === 'delete' ? null : filed.value,
      comparator: row.comparator,
      flag: row.flag,
      status: nominalStatus(row.action),
      state,
      pendingReasons: filed.pendingReasons,
      isCurrent: false,
    });
    if (state === 'filed' && filed.analyte) {
      const key = `${row.sample_key}|${filed.analyte}`;
      const group = groups.get(key) ?? [];
      group.push(row);
      groups.set(key, group);
    }
  }
  for (const group of groups.values()) {
    const outcomes = replay(
      group.map((row) => {
        const t = targets.get(row.id)!;
        return { action: row.action, value: t.value, comparator: t.comparator, flag: t.flag };
      }),
    );
    group.forEach((row, i) => Object.assign(targets.get(row.id)!, outcomes[i]));
  }
  const losing: string[] = [];
  const changes: repo.ResultChange[] = [];
  const lineIds = new Set<number>();
  let refiled = 0;
  for (const row of rows) {
    const t = targets.get(row.id);
    if (!t) {
      if (row.analyte === 'h_index' && row.line_id !== null) lineIds.add(row.line_id);
      refiled++;
      continue;
    }
    const moved =
      t.state !== row.state ||
      t.lineId !== row.line_id ||
      t.analyte !== row.analyte ||
      t.value !== row.value;
    const changed =
      moved ||
      t.isCurrent !== row.is_current ||
      t.status !== row.status ||
      t.comparator !== row.comparator ||
      t.flag !== row.flag ||
      t.codeSystem !== row.code_system ||
      t.code !== row.code ||
      t.pendingReasons.join(',') !== row.pending_reasons.join(',');
    if (!changed) continue;
    if (moved) refiled++;
    if (row.is_current && !t.isCurrent) losing.push(row.id);
    changes.push(t);
    for (const [analyte, line] of [
      [row.analyte, row.line_id],
      [t.analyte, t.lineId],
    ] as const)
      if (analyte === 'h_index' && line !== null) lineIds.add(line);
  }
  await repo.writeChanges(manager, dropped, losing, changes);
  return { refiled, lineIds };
}

/** A message's identity and size, kept whatever happens to it. */
export interface Arrival {
  instituteId: number;
  source: MessageSource;
  receivedAt: Date;
  bytes: Buffer;
  timezone: string;
}

/** The message row of an arrival: its identity (the header's; none readable: empty) and size. */
const messageOf = (
  a: Arrival,
  header: { sendingFacility: string; controlId: string; messageType: string } | null,
): repo.NewMessage => ({
  instituteId: a.instituteId,
  source: a.source,
  receivedAt: a.receivedAt,
  sendingFacility: header?.sendingFacility ?? '',
  controlId: header?.controlId ?? '',
  messageType: header?.messageType ?? '',
  sha256: createHash('sha256').update(a.bytes).digest('hex'),
  size: a.bytes.length,
});
const dayOf = (a: Arrival) => zonedDay(a.receivedAt, a.timezone);

/** Problems as a message keeps them: in message order, without their order. */
export const storedReasons = (problems: readonly Problem[]): StoredReason[] =>
  [...problems]
    .sort((a, b) => a.order - b.order)
    .map(({ reason, location, message }) => ({ reason, location, message }));

/** Keeps a message answered AE, AR or 400 on arrival, with its extract (null: none readable). */
export async function keepRejected(
  manager: EntityManager,
  a: Arrival,
  header: { sendingFacility: string; controlId: string; messageType: string } | null,
  problems: readonly Problem[],
  extract: Extract | null,
): Promise<FeedCounts> {
  await repo.insertRejectedMessage(manager, {
    ...messageOf(a, header),
    reasons: storedReasons(problems),
    extract,
    expiresAt: new Date(a.receivedAt.getTime() + LAB_FEED_REJECTED_DAYS * 86_400_000),
  });
  await repo.countDay(manager, a.instituteId, dayOf(a), a.receivedAt, { rejected: 1 });
  return { outcome: 'rejected', filed: 0, pending: 0, ignored: 0 };
}

/** Whether a message of this (sending facility, control id) was accepted before. */
export const accepted = (
  manager: EntityManager,
  instituteId: number,
  h: { sendingFacility: string; controlId: string },
) => repo.acceptedBefore(manager, instituteId, h.sendingFacility, h.controlId);

/** Counts a duplicate answered without filing. */
export async function countDuplicate(manager: EntityManager, a: Arrival): Promise<FeedCounts> {
  await repo.countDay(manager, a.instituteId, dayOf(a), a.receivedAt, { duplicates: 1 });
  return { outcome: 'duplicate', filed: 0, pending: 0, ignored: 0 };
}

/** Counts a test message (`T`, `D`): answered, nothing kept. */
export async function countTest(manager: EntityManager, a: Arrival): Promise<FeedCounts> {
  await repo.countDay(manager, a.instituteId, dayOf(a), a.receivedAt, { tests: 1 });
  return { outcome: 'test', filed: 0, pending: 0, ignored: 0 };
}

/** The inbox's refusal, when the message would add to a full one. */
export async function inboxRefusal(
  manager: EntityManager,
  instituteId: number,
  resolution: Resolution,
): Promise<boolean> {
  return (
    resolution.rows.some((r) => r.state === 'pending') &&
    repo.inboxFull(manager, instituteId, LAB_FEED_INBOX_MAX)
  );
}

/**
 * Files an accepted message's results (the caller's transaction): null when its (sending
 * facility, control id) was accepted before (a duplicate: nothing filed, counted as one).
 */
export async function fileAccepted(
  manager: EntityManager,
  a: Arrival,
  header: { sendingFacility: string; controlId: string; messageType: string },
  resolution: Resolution,
  maps: Mappings,
  /** A rejected message a retry accepts (counted as retried): its row becomes the accepted one. */
  retried?: string,
): Promise<{ counts: FeedCounts; messageId: string | null }> {
  const filed = resolution.rows.filter((r) => r.state === 'filed').length;
  const pending = resolution.rows.length - filed;
  const counts = { filed, pending, ignored: resolution.ignored };
  const sampleKeys = resolution.rows.map((r) => r.sampleKey);
  const messageId = retried
    ? await repo.acceptRetried(manager, retried, counts)
    : await repo.insertAcceptedMessage(
        manager,
        { ...messageOf(a, header), filed, pending, ignored: resolution.ignored },
        sampleKeys,
      );
  if (messageId === null) return { counts: await countDuplicate(manager, a), messageId };
  if (retried) await repo.lockSamples(manager, sampleKeys);
  const stored = await repo.insertResults(
    manager,
    a.instituteId,
    messageId,
    a.source,
    a.receivedAt,
    replayOwn(resolution.rows),
  );
  // Samples seen before are replayed whole; a new sample's results went in as they stand.
  const lineIds =
    stored.length > resolution.rows.length
      ? (await replayResults(manager, a.instituteId, stored, maps)).lineIds
      : new Set<number>();
  for (const r of resolution.rows)
    if (r.analyte === 'h_index' && r.lineId !== null) lineIds.add(r.lineId);
  await syncFeedDataSets(manager, a.instituteId, lineIds);
  await repo.countDay(manager, a.instituteId, dayOf(a), a.receivedAt, {
    [retried ? 'retried' : 'accepted']: 1,
    results_filed: filed,
    results_pending: pending,
  });
  return {
    counts: { outcome: 'accepted', filed, pending, ignored: resolution.ignored },
    messageId,
  };
}

/** A message's results with section 5's status rules replayed over them alone (arrival order). */
function replayOwn(rows: readonly repo.NewResult[]): repo.NewResult[] {
  const out = rows.map((r) => ({ ...r }));
  const groups = new Map<string, repo.NewResult[]>();
  for (const row of out) {
    if (row.state !== 'filed' || row.analyte === null) continue;
    const key = `${row.sampleKey}|${row.analyte}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const group of groups.values()) {
    const outcomes = replay(group);
    group.forEach((row, i) => Object.assign(row, outcomes[i]));
  }
  return out;
}

/** Each time zone's offsets, made once per process (they and their cache depend on the zone only). */
const ZONES = new Map<string, ZoneOffsets>();

/** The zone offsets of an institute's time zone (local times without an offset). */
export function zoneOf(timezone: string): ZoneOffsets {
  let zone = ZONES.get(timezone);
  if (!zone) ZONES.set(timezone, (zone = new ZoneOffsets(timezone)));
  return zone;
}
