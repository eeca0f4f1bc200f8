/**
 * The lab feed's doors (lab-feed.md sections 1 to 3): who may send, and one message or bundle in
 * one transaction, answered as the sender expects (an ACK; a response Bundle).
 */
import type { DataSource, EntityManager } from 'typeorm';
import { GUESTS_CANNOT_SEND } from '../../../shared/domain/lab-feed';
import type { AuthUser } from '../../auth/auth-user';
import type { Institute } from '../../entities/institute';
import type { ServerMetrics } from '../../metrics/server-metrics';
import { forbidden } from '../errors';
import { requireFeature } from '../institutes/service';
import { can } from '../policy';
import type { Problem } from './extract';
import { operationOutcome, readBundle, responseBundle } from './fhir';
import type { AckCode } from '../../../shared/lab-feed/ack';
import { buildAck, encodeAck, problemOf, readHl7 } from './hl7';
import {
  accepted,
  countDuplicate,
  countTest,
  fileAccepted,
  inboxRefusal,
  keepRejected,
  mappingsFor,
  resolve,
  sampleKeyer,
  zoneOf,
  type Arrival,
  type FeedCounts,
  type Resolution,
} from './ingest';

export interface LabFeedDeps {
  db: DataSource;
  /** SSO_SECRET_KEY: the organizations' sample keys are kept encrypted with it. */
  secretKey: Buffer;
  metrics: ServerMetrics;
  now: () => number;
}

/** The institute of a lab-feed route: tenancy (404), then the hemolysisTracking flag (403). */
export const feedInstitute = (manager: EntityManager, user: AuthUser, instituteId: number) =>
  requireFeature(manager, user, instituteId, 'hemolysisTracking');

/** Whether the user may send results (members, admins, owners, staff; a read-write token). */
export const maySend = (user: AuthUser) =>
  maySendAs(user) && (user.token === undefined || user.token.scope === 'read-write');

/** Whether the user's role may send (guests may not; a read token is refused by its scope). */
export const maySendAs = (user: AuthUser) => can(user, 'data:edit');

/** Tenancy, the flag, then guests: 403 'Guests cannot send results.'. */
async function senderInstitute(
  manager: EntityManager,
  user: AuthUser,
  instituteId: number,
): Promise<Institute> {
  const institute = await feedInstitute(manager, user, instituteId);
  if (!maySendAs(user)) throw forbidden(GUESTS_CANNOT_SEND);
  return institute;
}

/** Adds a message's outcome to the Prometheus figures. */
export function countFeed(metrics: ServerMetrics, source: 'hl7' | 'fhir', counts: FeedCounts) {
  metrics.labFeedMessages.inc({ source, outcome: counts.outcome });
  if (counts.filed) metrics.labFeedResults.inc({ state: 'filed' }, counts.filed);
  if (counts.pending) metrics.labFeedResults.inc({ state: 'pending' }, counts.pending);
  if (counts.ignored) metrics.labFeedResults.inc({ state: 'ignored' }, counts.ignored);
}

/** One HL7 v2 message (section 2): its ACK, encoded in the message's character set. */
export async function receiveHl7(
  deps: LabFeedDeps,
  user: AuthUser,
  instituteId: number,
  bytes: Buffer,
): Promise<{ ack: Buffer; latin1: boolean; code: AckCode }> {
  const { ack, header, code, counts } = await deps.db.transaction(async (manager) => {
    const institute = await senderInstitute(manager, user, instituteId);
    const receivedAt = new Date(deps.now());
    const arrival: Arrival = {
      instituteId,
      source: 'hl7',
      receivedAt,
      bytes,
      timezone: institute.timezone,
    };
    const sampleKey = await sampleKeyer(manager, instituteId, deps.secretKey);
    const read = readHl7(bytes, sampleKey);
    const test = (h: { processingId: string } | null) =>
      h !== null && (h.processingId === 'T' || h.processingId === 'D');
    if (read.kind === 'refused') {
      const counts = test(read.header)
        ? await countTest(manager, arrival)
        : await keepRejected(manager, arrival, read.header, [read.problem], null);
      return {
        ack: buildAck(read.header, read.code, [read.problem], receivedAt),
        header: read.header,
        code: read.code,
        counts,
      };
    }
    const { extract } = read;
    const maps = await mappingsFor(manager, instituteId, extract);
    const resolution = resolve(extract, maps, zoneOf(institute.timezone), receivedAt);
    const h = extract.header;
    // A copy of an accepted message is a duplicate whatever its content (section 2.2).
    if (resolution.problems.length && !test(h) && (await accepted(manager, instituteId, h))) {
      return {
        ack: buildAck(h, 'AA', [], receivedAt),
        header: h,
        code: 'AA' as const,
        counts: await countDuplicate(manager, arrival),
      };
    }
    if (resolution.problems.length) {
      const counts = test(h)
        ? await countTest(manager, arrival)
        : await keepRejected(manager, arrival, h, resolution.problems, extract);
      return {
        ack: buildAck(h, 'AE', resolution.problems, receivedAt),
        header: h,
        code: 'AE' as const,
        counts,
      };
    }
    if (test(h)) {
      return {
        ack: buildAck(h, 'AA', [], receivedAt),
        header: h,
        code: 'AA' as const,
        counts: await countTest(manager, arrival),
      };
    }
    if (await inboxRefusal(manager, instituteId, resolution)) {
      const problem = problemOf('inbox_full');
      return {
        ack: buildAck(h, 'AR', [problem], receivedAt),
        header: h,
        code: 'AR' as const,
        counts: await keepRejected(manager, arrival, h, [problem], extract),
      };
    }
    const { counts } = await fileAccepted(manager, arrival, h, resolution, maps);
    return { ack: buildAck(h, 'AA', [], receivedAt), header: h, code: 'AA' as const, counts };
  });
  countFeed(deps.metrics, 'hl7', counts);
  return { ack: encodeAck(ack, header), latin1: header?.charset === '8859/1', code };
}

/** A FHIR answer: its status and body (a response Bundle, or an OperationOutcome for a 400). */
export interface FhirAnswer {
  status: 200 | 400;
  body: object;
}

/**
 * One FHIR Bundle (section 3): a transaction files all or nothing (a problem: 400 with every
 * problem, kept as rejected); a batch files its good Observations and keeps its failed ones as
 * one rejected message. Either answers a response Bundle entry by entry.
 */
export async function receiveFhir(
  deps: LabFeedDeps,
  user: AuthUser,
  instituteId: number,
  body: unknown,
  bytes: Buffer,
): Promise<FhirAnswer> {
  const { answer, counts } = await deps.db.transaction(async (manager) => {
    const institute = await senderInstitute(manager, user, instituteId);
    const receivedAt = new Date(deps.now());
    const arrival: Arrival = {
      instituteId,
      source: 'fhir',
      receivedAt,
      bytes,
      timezone: institute.timezone,
    };
    const read = readBundle(body, await sampleKeyer(manager, instituteId, deps.secretKey));
    if (read.kind === 'refused') {
      return {
        answer: { status: 400 as const, body: operationOutcome([read.problem]) },
        counts: [await keepRejected(manager, arrival, read.header, [read.problem], null)],
      };
    }
    const { extract, type } = read;
    const entries = extract.entries ?? 0;
    const maps = await mappingsFor(manager, instituteId, extract);
    const resolution = resolve(extract, maps, zoneOf(institute.timezone), receivedAt);
    const h = extract.header;
    if (resolution.problems.length && (await accepted(manager, instituteId, h))) {
      return {
        answer: { status: 200 as const, body: responseBundle(type, entries, () => '200 OK') },
        counts: [await countDuplicate(manager, arrival)],
      };
    }
    if (type === 'transaction' && resolution.problems.length) {
      return {
        answer: { status: 400 as const, body: operationOutcome(resolution.problems) },
        counts: [await keepRejected(manager, arrival, h, resolution.problems, extract)],
      };
    }
    const failed = new Map<number, Problem[]>();
    for (const p of resolution.problems) failed.set(p.order, [...(failed.get(p.order) ?? []), p]);
    const good: Resolution = {
      ...resolution,
      rows: resolution.rows.filter((_, i) => !failed.has(resolution.rowEntries[i] ?? -1)),
      rowEntries: resolution.rowEntries.filter((e) => !failed.has(e ?? -1)),
    };
    const counts: FeedCounts[] = [];
    if (failed.size) {
      const kept = { ...extract, results: extract.results.filter((r) => failed.has(r.order)) };
      kept.problems = extract.problems.filter((p) => failed.has(p.order));
      counts.push(await keepRejected(manager, arrival, h, resolution.problems, kept));
    }
    const observations = extract.results.filter((r) => !failed.has(r.order)).length;
    let duplicate = false;
    if (observations > 0 || failed.size === 0) {
      if (await inboxRefusal(manager, instituteId, good)) {
        const problem = { ...problemOf('inbox_full'), location: 'Bundle' };
        return {
          answer: { status: 400 as const, body: operationOutcome([problem]) },
          counts: [...counts, await keepRejected(manager, arrival, h, [problem], extract)],
        };
      }
      const filed = await fileAccepted(manager, arrival, h, good, maps);
      counts.push(filed.counts);
      duplicate = filed.messageId === null;
    }
    const statusOf = (i: number) => {
      if (failed.has(i)) return '400 Bad Request';
      if (duplicate) return '200 OK';
      const rows = good.rows.filter((_, k) => good.rowEntries[k] === i);
      if (rows.some((r) => r.state === 'filed')) return '201 Created';
      if (rows.length) return '202 Accepted';
      return '200 OK';
    };
    return {
      answer: {
        status: 200 as const,
        body: responseBundle(type, entries, statusOf, (i) => failed.get(i) ?? []),
      },
      counts,
    };
  });
  for (const c of counts) countFeed(deps.metrics, 'fhir', c);
  return answer;
}
