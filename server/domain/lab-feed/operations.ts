/**
 * Running the lab feed (lab-feed.md section 8): its status, the messages received, the results,
 * the retry of rejected messages and the daily deletion of their expired extracts.
 */
import type { DataSource } from 'typeorm';
import type {
  FeedResultDto,
  LabFeedStatusDto,
  MessageReasonDto,
  MessagesQuery,
  ResultsQuery,
  RetryAnswerDto,
} from '../../../shared/api/lab-feed';
import { LAB_FEED_MESSAGES as MSG } from '../../../shared/api/lab-feed';
import { LAB_FEED_STATUS_DAYS, LAB_FEED_WRITE_DENIED } from '../../../shared/domain/lab-feed';
import { addDays, zonedDay } from '../../../shared/domain/time-zone';
import type { AuthUser } from '../../auth/auth-user';
import type { StoredReason } from '../../entities/lab-feed';
import { writeAuditEntry } from '../audit/repository';
import { conflict, forbidden, isUniqueViolation, notFound } from '../errors';
import type { PageQuery } from '../../../shared/api/common';
import type { Page } from '../pagination';
import { can } from '../policy';
import type { Extract } from './extract';
import {
  accepted,
  fileAccepted,
  mappingsFor,
  resolve,
  sampleKeyer,
  storedReasons,
  zoneOf,
  type FeedCounts,
} from './ingest';
import { countFeed, feedInstitute, maySend, type LabFeedDeps } from './service';

/** The status of an organization's feed (readers). */
export async function feedStatus(
  deps: LabFeedDeps,
  user: AuthUser,
  instituteId: number,
): Promise<LabFeedStatusDto> {
  const institute = await feedInstitute(deps.db.manager, user, instituteId);
  const today = zonedDay(new Date(deps.now()), institute.timezone);
  const dates = Array.from({ length: LAB_FEED_STATUS_DAYS }, (_, i) => addDays(today, -i));
  const [days, [last], [error], [counts]] = await Promise.all([
    deps.db.query(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date, accepted, duplicates, rejected, retried, tests,
              results_filed, results_pending
         FROM lab_feed_days WHERE institute_id = $1 AND date = ANY($2::date[])`,
      [instituteId, dates],
    ) as Promise<Record<string, number | string>[]>,
    deps.db.query(`SELECT max(last_message_at) AS at FROM lab_feed_days WHERE institute_id = $1`, [
      instituteId,
    ]) as Promise<{ at: Date | null }[]>,
    deps.db.query(
      `SELECT received_at, source, control_id, reasons FROM lab_feed_messages
        WHERE institute_id = $1 AND reasons <> '[]' ORDER BY id DESC LIMIT 1`,
      [instituteId],
    ) as Promise<
      { received_at: Date; source: 'hl7' | 'fhir'; control_id: string; reasons: StoredReason[] }[]
    >,
    deps.db.query(
      `SELECT (SELECT count(*)::int FROM lab_feed_results
                WHERE institute_id = $1 AND state = 'pending' AND action <> 'delete') AS pending,
              (SELECT count(*)::int FROM lab_feed_messages
                WHERE institute_id = $1 AND state = 'rejected') AS rejected`,
      [instituteId],
    ) as Promise<{ pending: number; rejected: number }[]>,
  ]);
  const byDate = new Map(days.map((d) => [d.date as string, d]));
  const zero = {
    accepted: 0,
    duplicates: 0,
    rejected: 0,
    retried: 0,
    tests: 0,
    results_filed: 0,
    results_pending: 0,
  };
  return {
    can_send: maySend(user),
    last_message_at: last?.at ? last.at.toISOString() : null,
    last_error: error
      ? {
          at: error.received_at.toISOString(),
          source: error.source,
          control_id: error.control_id,
          reason: error.reasons[0]?.reason ?? '',
          message: error.reasons[0]?.message ?? '',
        }
      : null,
    pending_results: counts.pending,
    rejected_kept: counts.rejected,
    days: dates.map((date) => {
      const d = byDate.get(date);
      return { date, ...zero, ...(d && { ...d, date }) } as LabFeedStatusDto['days'][number];
    }),
  };
}

export interface MessageRow {
  id: string;
  source: 'hl7' | 'fhir';
  state: 'accepted' | 'rejected' | 'superseded';
  received_at: Date;
  sending_facility: string;
  control_id: string;
  message_type: string;
  results_filed: number;
  results_pending: number;
  results_ignored: number;
  reasons: StoredReason[];
  retries: number;
  expires_at: Date | null;
}

const MESSAGE_COLUMNS = `id, source, state, received_at, sending_facility, control_id, message_type,
  results_filed, results_pending, results_ignored, reasons, retries, expires_at`;

/** A list's conditions, each with a `?` for its value (numbered as it is added). */
function conditions(where: string[], params: unknown[]) {
  return {
    add: (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    },
    /** One page of `select` from `from` under the conditions, newest (highest `id`) first, and the total. */
    page: async <T>(
      db: DataSource,
      {
        select,
        from,
        count = from,
        id,
      }: { select: string; from: string; count?: string; id: string },
      query: PageQuery,
    ): Promise<Page<T>> => {
      const sql = where.join(' AND ');
      const [items, [{ total }]] = await Promise.all([
        db.query(
          `SELECT ${select} FROM ${from} WHERE ${sql}
            ORDER BY ${id} DESC LIMIT ${query.size} OFFSET ${query.page * query.size}`,
          params,
        ) as Promise<T[]>,
        db.query(`SELECT count(*)::int AS total FROM ${count} WHERE ${sql}`, params) as Promise<
          { total: number }[]
        >,
      ]);
      return { items, total };
    },
  };
}

/** The messages received, newest first (readers). */
export async function listMessages(
  deps: LabFeedDeps,
  user: AuthUser,
  instituteId: number,
  query: MessagesQuery,
): Promise<Page<MessageRow>> {
  await feedInstitute(deps.db.manager, user, instituteId);
  const { add, page } = conditions(['institute_id = $1'], [instituteId]);
  if (query.state) add('state = ?', query.state);
  if (query.source) add('source = ?', query.source);
  if (query.control_id !== undefined) add('control_id = ?', query.control_id);
  if (query.received_at__gte) add('received_at >= ?', query.received_at__gte);
  if (query.received_at__lt) add('received_at < ?', query.received_at__lt);
  return page(deps.db, { select: MESSAGE_COLUMNS, from: 'lab_feed_messages', id: 'id' }, query);
}

export type ResultRow = Omit<
  FeedResultDto,
  'sampled_at' | 'received_at' | 'line' | 'code' | 'id' | 'message'
> & {
  id: string;
  message: string;
  sampled_at: Date;
  received_at: Date;
  line_id: number | null;
  line_name: string | null;
  code_system: string;
  code_code: string;
  code_text: string;
};

/** Each current and each pending result (readers); `specimen` is hashed, never echoed. */
export async function listResults(
  deps: LabFeedDeps,
  user: AuthUser,
  instituteId: number,
  query: ResultsQuery,
): Promise<Page<ResultRow>> {
  await feedInstitute(deps.db.manager, user, instituteId);
  const { add, page } = conditions(
    [`r.institute_id = $1`, `(r.is_current OR r.state = 'pending')`, `r.action <> 'delete'`],
    [instituteId],
  );
  if (query.specimen !== undefined) {
    const key = await sampleKeyer(deps.db.manager, instituteId, deps.secretKey);
    add('r.sample_key = ?', key(query.specimen));
  }
  if (query.sample) add(`r.sample_key LIKE ? || '%'`, query.sample);
  if (query.line) add('r.line_id = ?', query.line);
  if (query.analyte) add('r.analyte = ?', query.analyte);
  if (query.state) add('r.state = ?', query.state);
  if (query.sampled_at__gte) add('r.sampled_at >= ?', query.sampled_at__gte);
  if (query.sampled_at__lt) add('r.sampled_at < ?', query.sampled_at__lt);
  return page(
    deps.db,
    {
      select: `r.id, left(r.sample_key, 16) AS sample, r.state, r.pending_reasons, r.analyte,
              r.line_id, l.name AS line_name, r.location, r.code_system, r.code AS code_code,
              r.code_text, r.value, r.comparator, r.flag, r.status, r.value_sent, r.unit_sent,
              r.sampled_at, r.received_at, r.source, r.message_id AS message`,
      from: 'lab_feed_results r LEFT JOIN lines l ON l.id = r.line_id',
      count: 'lab_feed_results r',
      id: 'r.id',
    },
    query,
  );
}

/**
 * Runs rejected messages again with today's mappings, as if they arrived now (owners, admins,
 * staff): each accepted (filed), rejected again (reasons renewed) or superseded (its pair was
 * accepted since). All or nothing: an id that is not a rejected message refuses the whole call.
 */
export async function retryMessages(
  deps: LabFeedDeps,
  user: AuthUser,
  instituteId: number,
  ids: readonly number[],
): Promise<RetryAnswerDto> {
  const counted: { source: 'hl7' | 'fhir'; counts: FeedCounts }[] = [];
  const answer = await deps.db.transaction(async (manager) => {
    const institute = await feedInstitute(manager, user, instituteId);
    if (!can(user, 'lab-feed:manage')) throw forbidden(LAB_FEED_WRITE_DENIED);
    const unique = [...new Set(ids)];
    const rows: (MessageRow & { extract: Extract | null; sha256: string; size: number })[] =
      await manager.query(
        `SELECT ${MESSAGE_COLUMNS}, extract, sha256, size FROM lab_feed_messages
          WHERE institute_id = $1 AND id = ANY($2::bigint[]) ORDER BY id FOR UPDATE`,
        [instituteId, unique],
      );
    if (rows.length !== unique.length) throw notFound();
    if (rows.some((r) => r.state !== 'rejected')) throw conflict(MSG.onlyRejected);
    const now = new Date(deps.now());
    const results: RetryAnswerDto['results'] = [];
    for (const row of rows) {
      const extract = row.extract;
      let state: 'accepted' | 'rejected' | 'superseded';
      let reasons: MessageReasonDto[] = row.reasons;
      const taken = await accepted(manager, instituteId, {
        sendingFacility: row.sending_facility,
        controlId: row.control_id,
      });
      if (taken) state = 'superseded';
      else if (!extract) state = 'rejected';
      else {
        const maps = await mappingsFor(manager, instituteId, extract);
        const resolution = resolve(extract, maps, zoneOf(institute.timezone), now);
        if (resolution.problems.length) {
          state = 'rejected';
          reasons = storedReasons(resolution.problems);
        } else {
          const arrival = {
            instituteId,
            source: row.source,
            receivedAt: now,
            bytes: Buffer.alloc(0),
            timezone: institute.timezone,
          };
          try {
            const filed = await fileAccepted(
              manager,
              arrival,
              extract.header,
              resolution,
              maps,
              row.id,
            );
            counted.push({ source: row.source, counts: filed.counts });
            state = 'accepted';
            reasons = [];
          } catch (err) {
            if (isUniqueViolation(err)) throw conflict(MSG.onlyRejected);
            throw err;
          }
        }
      }
      if (state !== 'accepted') {
        await manager.query(
          `UPDATE lab_feed_messages SET state = $2::varchar, reasons = $3, retries = retries + 1,
             extract = CASE WHEN $2::varchar = 'superseded' THEN NULL ELSE extract END
           WHERE id = $1`,
          [row.id, state, JSON.stringify(reasons)],
        );
      }
      await writeAuditEntry(manager, {
        instituteId,
        objectType: 'lab_feed_message',
        objectId: row.id,
        action: 'updated',
        changes: {
          state: { before: 'rejected', after: state },
          retries: { before: row.retries, after: row.retries + 1 },
        },
      });
      results.push({ id: Number(row.id), state, reasons });
    }
    return { results };
  });
  for (const c of counted) countFeed(deps.metrics, c.source, c.counts);
  return answer;
}

/** Deletes the rejected messages whose extract expired (the daily job, server/pipeline/lab-feed-expiry-worker.ts): their counts stay. */
export async function deleteExpiredMessages(db: DataSource, now: Date): Promise<number> {
  const rows: unknown[] = await db.query(
    `DELETE FROM lab_feed_messages WHERE state = 'rejected' AND expires_at <= $1 RETURNING id`,
    [now],
  );
  return rows.length;
}
