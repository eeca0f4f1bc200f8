/**
 * The lab feed's queries (lab-feed.md sections 2 to 8). The statements of a message's path are
 * prepared once per connection (server/db/prepared-query.ts): the feed files one message per
 * transaction, thousands a minute.
 */
import type { EntityManager } from 'typeorm';
import { preparedQuery } from '../../db/prepared-query';
import type {
  Comparator,
  LabFeedAnalyte,
  PendingReason,
  ResultAction,
  ResultFlag,
  ResultStatus,
} from '../../../shared/domain/lab-feed';
import type { MessageSource } from '../../../shared/api/lab-feed';
import { codeKey, type Mappings } from './filing';
import type { StoredReason } from '../../entities/lab-feed';

/** The organization's sample key, encrypted, made (with `fresh`) at its first message. */
export async function sampleKeyRow(
  manager: EntityManager,
  instituteId: number,
  fresh: string,
): Promise<string> {
  const rows = await manager.query<{ key_encrypted: string }[]>(
    `WITH made AS (
       INSERT INTO lab_feed_keys (institute_id, key_encrypted) VALUES ($1, $2)
       ON CONFLICT (institute_id) DO NOTHING RETURNING key_encrypted)
     SELECT key_encrypted FROM made
     UNION ALL SELECT key_encrypted FROM lab_feed_keys WHERE institute_id = $1
     LIMIT 1`,
    [instituteId, fresh],
  );
  return rows[0].key_encrypted;
}

/** The mappings of these location codes and result codes (those that exist). */
export async function loadMappings(
  manager: EntityManager,
  instituteId: number,
  locations: readonly string[],
  codes: readonly { system: string; code: string }[],
  into: Mappings = { locations: new Map(), codes: new Map() },
): Promise<Mappings> {
  const rows = await preparedQuery<{
    kind: 'l' | 'c';
    a: string;
    b: string | null;
    line_id: number | null;
    analyte: LabFeedAnalyte | null;
    units: Record<string, number> | null;
  }>(
    manager,
    `SELECT 'l' AS kind, code AS a, NULL::text AS b, line_id, NULL::text AS analyte, NULL::jsonb AS units
       FROM lab_feed_locations WHERE institute_id = $1 AND code = ANY($2::text[])
     UNION ALL
     SELECT 'c', c.system, c.code, NULL::int, c.analyte, c.units
       FROM lab_feed_codes c
       JOIN unnest($3::text[], $4::text[]) AS s(system, code) ON s.system = c.system AND s.code = c.code
      WHERE c.institute_id = $1`,
    [instituteId, locations, codes.map((c) => c.system), codes.map((c) => c.code)],
  );
  for (const r of rows) {
    if (r.kind === 'l') into.locations.set(r.a, r.line_id);
    else into.codes.set(codeKey(r.a, r.b!), { analyte: r.analyte, units: r.units ?? {} });
  }
  return into;
}

/** What every message row keeps, whatever happens to it: its identity and size. */
export interface NewMessage {
  instituteId: number;
  source: MessageSource;
  receivedAt: Date;
  sendingFacility: string;
  controlId: string;
  messageType: string;
  sha256: string;
  size: number;
}

/** A message row's first parameters ($1 to $8), in its columns' order below. */
const messageParams = (m: NewMessage) => [
  m.instituteId,
  m.source,
  m.receivedAt,
  m.sendingFacility,
  m.controlId,
  m.messageType,
  m.sha256,
  m.size,
];

/**
 * Inserts an accepted message unless its (sending facility, control id) was accepted before
 * (then null: a duplicate), and then takes its samples' locks (lockSamples) in the same statement.
 * A copy being filed at the same moment waits for it, then is one.
 */
export async function insertAcceptedMessage(
  manager: EntityManager,
  m: NewMessage & { filed: number; pending: number; ignored: number },
  sampleKeys: readonly string[],
): Promise<string | null> {
  const rows = await preparedQuery<{ id: string }>(
    manager,
    `WITH m AS (
     INSERT INTO lab_feed_messages (institute_id, source, state, received_at, sending_facility,
       control_id, message_type, sha256, size, results_filed, results_pending, results_ignored)
     VALUES ($1, $2, 'accepted', $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (institute_id, sending_facility, control_id) WHERE state = 'accepted' DO NOTHING
     RETURNING id)
     SELECT m.id, (SELECT count(pg_advisory_xact_lock(k))
                     FROM (SELECT k FROM unnest($12::bigint[]) AS k ORDER BY k) s) AS locked
       FROM m`,
    [...messageParams(m), m.filed, m.pending, m.ignored, lockKeys(sampleKeys)],
  );
  return rows[0]?.id ?? null;
}

/** Whether a message of this pair was accepted before (a copy is a duplicate). */
export async function acceptedBefore(
  manager: EntityManager,
  instituteId: number,
  sendingFacility: string,
  controlId: string,
): Promise<boolean> {
  const rows = await manager.query<unknown[]>(
    `SELECT 1 FROM lab_feed_messages WHERE institute_id = $1 AND state = 'accepted'
        AND sending_facility = $2 AND control_id = $3`,
    [instituteId, sendingFacility, controlId],
  );
  return rows.length > 0;
}

/** A rejected message a retry files: accepted from now on, its extract dropped. */
export async function acceptRetried(
  manager: EntityManager,
  id: string,
  counts: { filed: number; pending: number; ignored: number },
): Promise<string> {
  await manager.query(
    `UPDATE lab_feed_messages SET state = 'accepted', results_filed = $2, results_pending = $3,
        results_ignored = $4, reasons = '[]', extract = NULL, expires_at = NULL,
        retries = retries + 1
      WHERE id = $1`,
    [id, counts.filed, counts.pending, counts.ignored],
  );
  return id;
}

/** Keeps a rejected message: its reasons and extract (null: nothing readable) for 30 days. */
export async function insertRejectedMessage(
  manager: EntityManager,
  m: NewMessage & { reasons: StoredReason[]; extract: unknown; expiresAt: Date },
): Promise<string> {
  const rows = await manager.query<{ id: string }[]>(
    `INSERT INTO lab_feed_messages (institute_id, source, state, received_at, sending_facility,
       control_id, message_type, sha256, size, reasons, extract, expires_at)
     VALUES ($1, $2, 'rejected', $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      ...messageParams(m),
      JSON.stringify(m.reasons),
      m.extract === null ? null : JSON.stringify(m.extract),
      m.expiresAt,
    ],
  );
  return rows[0].id;
}

/** A result row to insert (section 4's fields; its filing follows from the replay). */
export interface NewResult {
  sampleKey: string;
  analyte: LabFeedAnalyte | null;
  lineId: number | null;
  location: string;
  codeSystem: string;
  code: string;
  codeText: string;
  alternates: { system: string; code: string }[];
  valueSent: string | null;
  unitSent: string | null;
  numberSent: number | null;
  value: number | null;
  comparator: Comparator | null;
  flag: ResultFlag | null;
  action: ResultAction;
  status: ResultStatus;
  state: 'filed' | 'pending';
  pendingReasons: PendingReason[];
  sampledAt: Date;
  /** Current among the message's own results (kept only when its sample has no earlier result). */
  isCurrent: boolean;
}

/** A stored result as the replay reads it. */
export interface StoredResult {
  id: string;
  sample_key: string;
  analyte: LabFeedAnalyte | null;
  line_id: number | null;
  location: string;
  code_system: string;
  code: string;
  code_alternates: { system: string; code: string }[];
  unit_sent: string | null;
  number_sent: number | null;
  value: number | null;
  comparator: Comparator | null;
  flag: ResultFlag | null;
  action: ResultAction;
  status: ResultStatus;
  state: 'filed' | 'pending';
  pending_reasons: PendingReason[];
  is_current: boolean;
}

const STORED_COLUMNS = `id, sample_key, analyte, line_id, location, code_system, code,
  code_alternates, unit_sent, number_sent, value, comparator, flag, action, status, state,
  pending_reasons, is_current`;

/**
 * Inserts a message's results in one statement, in arrival order, and answers every result of
 * their samples (those before them and these), in arrival order: what the replay reads. A result
 * is inserted current as the message's own replay made it when its sample has no earlier result
 * (then nothing is left to replay); else not current, and the caller replays the sample.
 */
export async function insertResults(
  manager: EntityManager,
  instituteId: number,
  messageId: string,
  source: MessageSource,
  receivedAt: Date,
  rows: readonly NewResult[],
): Promise<StoredResult[]> {
  if (rows.length === 0) return [];
  const col = <K extends keyof NewResult>(k: K) => rows.map((r) => r[k]);
  // The SELECT's snapshot is the statement's: it sees the samples' earlier results, not these.
  return preparedQuery<StoredResult>(
    manager,
    `WITH inserted AS (
     INSERT INTO lab_feed_results (institute_id, sample_key, analyte, line_id, location, code_system,
       code, code_text, code_alternates, value_sent, unit_sent, number_sent, value, comparator, flag,
       action, status, state, pending_reasons, is_current, sampled_at, received_at, source,
       message_id, arrival)
     SELECT $1, r.sample_key, r.analyte, r.line_id, r.location, r.code_system, r.code, r.code_text,
            r.alternates::jsonb, r.value_sent, r.unit_sent, r.number_sent, r.value, r.comparator,
            r.flag, r.action, r.status, r.state, string_to_array(r.pending, ',')::text[],
            r.is_current AND NOT EXISTS (SELECT 1 FROM lab_feed_results e
                                          WHERE e.institute_id = $1 AND e.sample_key = r.sample_key),
            r.sampled_at, $2, $3, $4, nextval('lab_feed_arrival_seq')
       FROM unnest($5::text[], $6::text[], $7::int[], $8::text[], $9::text[], $10::text[],
                   $11::text[], $12::text[], $13::text[], $14::text[], $15::float8[], $16::float8[],
                   $17::text[], $18::text[], $19::text[], $20::text[], $21::text[], $22::text[],
                   $23::timestamptz[], $24::bool[]) WITH ORDINALITY
         AS r(sample_key, analyte, line_id, location, code_system, code, code_text, alternates,
              value_sent, unit_sent, number_sent, value, comparator, flag, action, status, state,
              pending, sampled_at, is_current, n)
      ORDER BY r.n
     RETURNING ${STORED_COLUMNS}, arrival)
     SELECT ${STORED_COLUMNS} FROM (
       SELECT ${STORED_COLUMNS}, arrival FROM inserted
       UNION ALL
       SELECT ${STORED_COLUMNS}, arrival FROM lab_feed_results
        WHERE institute_id = $1 AND sample_key = ANY($5::text[])) s
      ORDER BY arrival`,
    [
      instituteId,
      receivedAt,
      source,
      messageId,
      col('sampleKey'),
      col('analyte'),
      col('lineId'),
      col('location'),
      col('codeSystem'),
      col('code'),
      col('codeText'),
      rows.map((r) => JSON.stringify(r.alternates)),
      col('valueSent'),
      col('unitSent'),
      col('numberSent'),
      col('value'),
      col('comparator'),
      col('flag'),
      col('action'),
      col('status'),
      col('state'),
      rows.map((r) => r.pendingReasons.join(',')),
      col('sampledAt'),
      col('isCurrent'),
    ],
  );
}

/** The advisory lock keys of these samples, sorted (two messages of one sample at once). */
const lockKeys = (sampleKeys: readonly string[]) =>
  [...new Set(sampleKeys)]
    .map((k) => BigInt.asIntN(64, BigInt(`0x${k.slice(0, 16)}`)).toString())
    .sort();

/** Serialises the filing of these samples' results (two messages of one sample at once). */
export async function lockSamples(manager: EntityManager, sampleKeys: readonly string[]) {
  const keys = lockKeys(sampleKeys);
  if (keys.length === 0) return;
  await preparedQuery(
    manager,
    'SELECT pg_advisory_xact_lock(k) FROM unnest($1::bigint[]) AS k ORDER BY k',
    [keys],
  );
}

/** Every result of these samples, in arrival order. */
export const resultsOfSamples = (
  manager: EntityManager,
  instituteId: number,
  sampleKeys: readonly string[],
) =>
  preparedQuery<StoredResult>(
    manager,
    `SELECT ${STORED_COLUMNS} FROM lab_feed_results
      WHERE institute_id = $1 AND sample_key = ANY($2::text[]) ORDER BY arrival`,
    [instituteId, [...new Set(sampleKeys)]],
  );

/** The samples with a result of this location code, or of this result code (as sent or alternate). */
export async function samplesOf(
  manager: EntityManager,
  instituteId: number,
  of: { location: string } | { system: string; code: string },
): Promise<string[]> {
  const rows: { sample_key: string }[] =
    'location' in of
      ? await manager.query(
          `SELECT DISTINCT sample_key FROM lab_feed_results WHERE institute_id = $1 AND location = $2`,
          [instituteId, of.location],
        )
      : await manager.query(
          `SELECT DISTINCT sample_key FROM lab_feed_results
            WHERE institute_id = $1 AND ((code_system = $2 AND code = $3)
               OR code_alternates @> jsonb_build_array(jsonb_build_object('system', $2::text, 'code', $3::text)))`,
          [instituteId, of.system, of.code],
        );
  return rows.map((r) => r.sample_key);
}

/** A result's filing after a replay. */
export interface ResultChange {
  id: string;
  analyte: LabFeedAnalyte | null;
  lineId: number | null;
  codeSystem: string;
  code: string;
  value: number | null;
  comparator: Comparator | null;
  flag: ResultFlag | null;
  status: ResultStatus;
  state: 'filed' | 'pending';
  pendingReasons: PendingReason[];
  isCurrent: boolean;
}

/** Writes a replay's changes: dropped results deleted, current ones handed over, the rest updated. */
export async function writeChanges(
  manager: EntityManager,
  dropped: readonly string[],
  losing: readonly string[],
  changes: readonly ResultChange[],
): Promise<void> {
  if (dropped.length)
    await preparedQuery(manager, 'DELETE FROM lab_feed_results WHERE id = ANY($1::bigint[])', [
      dropped,
    ]);
  if (losing.length)
    await preparedQuery(
      manager,
      'UPDATE lab_feed_results SET is_current = false WHERE id = ANY($1::bigint[])',
      [losing],
    );
  if (changes.length === 0) return;
  const col = <K extends keyof ResultChange>(k: K) => changes.map((c) => c[k]);
  await preparedQuery(
    manager,
    `UPDATE lab_feed_results r SET analyte = c.analyte, line_id = c.line_id,
        code_system = c.code_system, code = c.code, value = c.value, comparator = c.comparator,
        flag = c.flag, status = c.status, state = c.state,
        pending_reasons = string_to_array(c.pending, ',')::text[], is_current = c.is_current
       FROM unnest($1::bigint[], $2::text[], $3::int[], $4::text[], $5::text[], $6::float8[],
                   $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::bool[])
         AS c(id, analyte, line_id, code_system, code, value, comparator, flag, status, state,
              pending, is_current)
      WHERE r.id = c.id`,
    [
      col('id'),
      col('analyte'),
      col('lineId'),
      col('codeSystem'),
      col('code'),
      col('value'),
      col('comparator'),
      col('flag'),
      col('status'),
      col('state'),
      changes.map((c) => c.pendingReasons.join(',')),
      col('isCurrent'),
    ],
  );
}

/** The day's counts of the status, added to (one row per organization and local date). */
export async function countDay(
  manager: EntityManager,
  instituteId: number,
  date: string,
  at: Date,
  add: Partial<
    Record<
      | 'accepted'
      | 'duplicates'
      | 'rejected'
      | 'retried'
      | 'tests'
      | 'results_filed'
      | 'results_pending',
      number
    >
  >,
): Promise<void> {
  const v = (k: keyof typeof add) => add[k] ?? 0;
  await preparedQuery(
    manager,
    `INSERT INTO lab_feed_days AS d (institute_id, date, accepted, duplicates, rejected, retried,
       tests, results_filed, results_pending, last_message_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (institute_id, date) DO UPDATE SET accepted = d.accepted + $3,
       duplicates = d.duplicates + $4, rejected = d.rejected + $5, retried = d.retried + $6,
       tests = d.tests + $7, results_filed = d.results_filed + $8,
       results_pending = d.results_pending + $9,
       last_message_at = greatest(d.last_message_at, $10)`,
    [
      instituteId,
      date,
      v('accepted'),
      v('duplicates'),
      v('rejected'),
      v('retried'),
      v('tests'),
      v('results_filed'),
      v('results_pending'),
      at,
    ],
  );
}

/** Whether the needs-mapping inbox holds its maximum of pending results. */
export async function inboxFull(manager: EntityManager, instituteId: number, max: number) {
  const rows = await manager.query<{ full: boolean }[]>(
    `SELECT count(*) >= $2 AS full FROM (SELECT 1 FROM lab_feed_results
       WHERE institute_id = $1 AND state = 'pending' LIMIT $2) s`,
    [instituteId, max],
  );
  return rows[0].full;
}
