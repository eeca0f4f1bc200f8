import { escapeLiteral } from 'pg';
import { Brackets, In, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { RecordListQuery } from '../../../shared/api/records';
import { RECORD_FLAGS } from '../../../shared/domain/record-flags';
import { bandSqlCondition } from '../../../shared/domain/rejection-bands';
import { UNLABELED } from '../../../shared/domain/unlabeled';
import { preparedRead } from '../../db/prepared-query';
import { clinicalDataCountSql } from '../clinical-data/repository';
import { Label } from '../../entities/label';
import { Line } from '../../entities/line';
import { TransitRecord } from '../../entities/record';
import { RecordCounts, RecordDay } from '../../entities/record-tallies';
import { applyOrdering, type Page } from '../pagination';

const DEFAULT_ORDERING = '-date';

const ORDERINGS = {
  id: 'r.id',
  date: 'r.date',
  upload_date: 'r.uploadDate',
  duration: 'r.duration',
  auc: 'r.auc',
  rejection: 'r.rejection',
  vial: 'r.vialLabel',
  line: 'line.name',
};

/**
 * With several lines chosen, an order by a figure that differs from line to line must not walk
 * the institute's index of that figure: the chosen lines' records may all sit at its far end
 * (6 s at a million records, bench/plans.md). `+ 0` leaves that index aside; the lines' records
 * are found by (line_id, date) and the page is a top-N sort of them.
 */
const SEVERAL_LINES_ORDERINGS = {
  ...ORDERINGS,
  duration: '(r.duration + 0)',
  auc: '(r.auc + 0)',
  rejection: '(r.rejection + 0)',
};

const severalLines = (q: RecordListQuery) =>
  [q.line, q.line_id, ...(q.line_ids ?? [])].filter((x) => x !== undefined).length > 1;

/** Records with what the presenter needs; hidden ones only for those who may see them. */
function recordsQuery(manager: EntityManager, seesHidden: boolean) {
  const qb = manager
    .getRepository(TransitRecord)
    .createQueryBuilder('r')
    .leftJoinAndSelect('r.line', 'line')
    .leftJoinAndSelect('r.labels', 'label');
  if (!seesHidden) qb.andWhere('r.hidden = false');
  return qb;
}

/** The spec's list filters, Django-style, each backed by an index or a cheap predicate. */
function applyFilters(
  qb: SelectQueryBuilder<TransitRecord>,
  seesHidden: boolean,
  q: RecordListQuery,
) {
  const lineIds = [q.line, q.line_id, ...(q.line_ids ?? [])].filter((x) => x !== undefined);
  if (lineIds.length) qb.andWhere('r.line_id IN (:...lineIds)', { lineIds });
  const validationIds = [q.validation__id, ...(q.validation_ids ?? [])].filter(
    (x) => x !== undefined,
  );
  if (validationIds.length)
    qb.andWhere('r.validation_id IN (:...validationIds)', { validationIds });
  if (q.date__gte) qb.andWhere('r.date >= :dateGte', { dateGte: q.date__gte });
  if (q.date__lt) qb.andWhere('r.date < :dateLt', { dateLt: q.date__lt });
  if (q.upload_date__gte) qb.andWhere('r.upload_date >= :upGte', { upGte: q.upload_date__gte });
  if (q.upload_date__lt) qb.andWhere('r.upload_date < :upLt', { upLt: q.upload_date__lt });
  if (q.exclude !== undefined) qb.andWhere('r.exclude = :exclude', { exclude: q.exclude });
  if (q.is_processed !== undefined)
    qb.andWhere('r.is_processed = :processed', { processed: q.is_processed });
  if (q.is_reviewed !== undefined)
    qb.andWhere('r.is_reviewed = :reviewed', { reviewed: q.is_reviewed });
  if (seesHidden) {
    if (q.hidden !== undefined) qb.andWhere('r.hidden = :hidden', { hidden: q.hidden });
    else if (!q.include_hidden) qb.andWhere('r.hidden = false');
  } else if (q.hidden) {
    qb.andWhere('false');
  }
  if (q.rejection?.length) {
    qb.andWhere(`(${q.rejection.map((b) => bandSqlCondition('r.rejection', b)).join(' OR ')})`);
  }
  if (q.labels?.length) {
    const ids = q.labels.filter((l): l is number => typeof l === 'number');
    qb.andWhere(
      new Brackets((w) => {
        if (ids.length)
          w.orWhere(
            'EXISTS (SELECT 1 FROM record_labels rl WHERE rl.record_id = r.id AND rl.label_id IN (:...labelIds))',
            { labelIds: ids },
          );
        if (q.labels!.includes(UNLABELED))
          w.orWhere('NOT EXISTS (SELECT 1 FROM record_labels rl WHERE rl.record_id = r.id)');
      }),
    );
  }
}

/** The institute's records the list's filters keep, joined to their line (to-one). */
function filteredRecords(
  manager: EntityManager,
  instituteId: number,
  seesHidden: boolean,
  q: RecordListQuery,
) {
  const qb = manager
    .getRepository(TransitRecord)
    .createQueryBuilder('r')
    .leftJoin('r.line', 'line')
    .where('r.institute_id = :instituteId', { instituteId });
  if (!seesHidden) qb.andWhere('r.hidden = false');
  applyFilters(qb, seesHidden, q);
  return qb;
}

const orderingsFor = (q: RecordListQuery) =>
  severalLines(q) ? SEVERAL_LINES_ORDERINGS : ORDERINGS;

/** A record of a page, with the number of its institute's clinical data entries that link it. */
export interface CountedRecord {
  record: TransitRecord;
  clinicalDataCount: number;
}

/**
 * A page of the list in one round trip: its total, the filtered and ordered page of ids, and
 * those records with their line, labels and clinical data count, in one prepared statement whose
 * rows are put together here. Through the query builder these were three round trips (ids and
 * count, then the rows), each planned anew, and hydrating the rows joined to their labels cost
 * more than the queries (issue 21: a signed-in GET under load).
 */
export async function pageOfRecords(
  manager: EntityManager,
  instituteId: number,
  seesHidden: boolean,
  q: RecordListQuery,
): Promise<Page<CountedRecord>> {
  // Filters and the line (for ordering by its name; PostgreSQL drops the join when unused).
  const qb = filteredRecords(manager, instituteId, seesHidden, q);
  const [idsSql, params] = applyOrdering(
    qb.clone().select('r.id', 'id'),
    q.ordering,
    orderingsFor(q),
    DEFAULT_ORDERING,
  )
    .offset(q.page * q.size)
    .limit(q.size)
    .getQueryAndParameters();
  const flags = flagsOnly(seesHidden, q);
  const [countSql, countParams] = counting(manager, qb, instituteId, flags, params.length);
  const statement = pageStatement(manager);
  const rows = await preparedRead(manager, statement.sql(idsSql, countSql), [
    ...params,
    ...countParams,
  ]);
  return {
    items: rows.filter((row) => row.r_id !== null).map(statement.hydrate),
    total: rows[0].total as number,
  };
}

/**
 * The count of the page's statement, its parameters numbered after the ids query's `before`: from
 * the tallies when the filters are flags only (the To Review and Reviewed tabs), else counting the
 * rows.
 */
function counting(
  manager: EntityManager,
  qb: SelectQueryBuilder<TransitRecord>,
  instituteId: number,
  flags: Flags | null,
  before: number,
): [string, unknown[]] {
  if (!flags) {
    // The same filters as the ids query, so the same parameters: counted on them.
    const [sql, params] = qb.clone().select('count(*)::int', 'total').getQueryAndParameters();
    if (params.length !== before) throw new Error('The count and the ids query differ in filters');
    return [sql, []];
  }
  const tallies = manager.connection.getMetadata(RecordCounts);
  const given = Object.entries({ instituteId, ...flags }).filter(([, v]) => v !== undefined);
  const conditions = given.map(
    ([property], i) =>
      `c."${tallies.findColumnWithPropertyName(property)!.databaseName}" = $${before + i + 1}`,
  );
  return [
    `SELECT coalesce(sum(c.count), 0)::int AS total FROM record_counts c WHERE ${conditions.join(' AND ')}`,
    given.map(([, v]) => v),
  ];
}

/** The columns of an entity selected as `alias_column`, and the entity made back from a row. */
function entityColumns<T>(manager: EntityManager, entity: new () => T, alias: string) {
  const columns = manager.connection.getMetadata(entity).columns.map((c) => ({
    property: c.propertyName,
    database: c.databaseName,
    selected: `${alias}_${c.databaseName}`,
  }));
  return {
    columns,
    select: columns.map((c) => `${alias}."${c.database}" AS "${c.selected}"`).join(', '),
    hydrate(row: Record<string, unknown>): T {
      const made = new entity() as Record<string, unknown>;
      for (const c of columns) made[c.property] = row[c.selected];
      return made as T;
    },
  };
}

/**
 * The statement of a page of records around its ids query and count: the count on a row of its
 * own (so an empty page still has it), the records in the order of the ids (their ordinality).
 * Its columns are read from the entities once per data source.
 */
const pageStatements = new WeakMap<object, ReturnType<typeof buildPageStatement>>();
function pageStatement(manager: EntityManager) {
  let made = pageStatements.get(manager.connection);
  if (!made) pageStatements.set(manager.connection, (made = buildPageStatement(manager)));
  return made;
}

function buildPageStatement(manager: EntityManager) {
  const record = entityColumns(manager, TransitRecord, 'r');
  const line = entityColumns(manager, Line, 'line');
  const label = entityColumns(manager, Label, 'label');
  const labelObject = label.columns.map((c) => `'${c.property}', label."${c.database}"`).join(', ');
  return {
    sql: (idsSql: string, countSql: string) =>
      `SELECT total.total, page.*
         FROM (${countSql}) total
         LEFT JOIN (
           SELECT ids.n, ${record.select}, ${line.select},
                  coalesce((SELECT json_agg(json_build_object(${labelObject}))
                              FROM record_labels rl JOIN labels label ON label.id = rl.label_id
                             WHERE rl.record_id = r.id), '[]') AS labels,
                  ${clinicalDataCountSql('r')} AS clinical_data_count
             FROM unnest(ARRAY(${idsSql})) WITH ORDINALITY AS ids(id, n)
             JOIN records r ON r.id = ids.id
             LEFT JOIN lines line ON line.id = r.line_id
         ) page ON true
        ORDER BY page.n`,
    hydrate(row: Record<string, unknown>): CountedRecord {
      const made = record.hydrate(row);
      made.line = row.line_id === null ? null : line.hydrate(row);
      made.labels = (row.labels as Record<string, unknown>[]).map((l) =>
        Object.assign(new Label(), l),
      );
      return { record: made, clinicalDataCount: row.clinical_data_count as number };
    },
  };
}

type Flags = Partial<Pick<RecordCounts, 'isProcessed' | 'isReviewed' | 'exclude' | 'hidden'>>;

/**
 * The list's filters as record_counts' flags when they are nothing else (the To Review and
 * Reviewed tabs): then the tallies know the total. Null when another filter narrows the list.
 */
function flagsOnly(seesHidden: boolean, q: RecordListQuery): Flags | null {
  const narrowed =
    q.line !== undefined ||
    q.line_id !== undefined ||
    Boolean(q.line_ids?.length) ||
    q.validation__id !== undefined ||
    Boolean(q.validation_ids?.length) ||
    q.date__gte !== undefined ||
    q.date__lt !== undefined ||
    q.upload_date__gte !== undefined ||
    q.upload_date__lt !== undefined ||
    Boolean(q.rejection?.length) ||
    Boolean(q.labels?.length);
  if (narrowed || (!seesHidden && q.hidden)) return null;
  const flags: Flags = {};
  if (q.is_processed !== undefined) flags.isProcessed = q.is_processed;
  if (q.is_reviewed !== undefined) flags.isReviewed = q.is_reviewed;
  if (q.exclude !== undefined) flags.exclude = q.exclude;
  if (!seesHidden) flags.hidden = false;
  else if (q.hidden !== undefined) flags.hidden = q.hidden;
  else if (!q.include_hidden) flags.hidden = false;
  return flags;
}

/** The record with its line and labels, or null (also when it is hidden and `seesHidden` not). */
export const findRecord = (manager: EntityManager, id: number, seesHidden: boolean) =>
  recordsQuery(manager, seesHidden).andWhere('r.id = :id', { id }).getOne();

/**
 * Locks the record's row until the transaction ends, so concurrent edits of one record (its
 * labels above all, a join table rewritten on save) run one after the other.
 */
export async function lockRecord(manager: EntityManager, id: number): Promise<void> {
  await manager.query('SELECT id FROM records WHERE id = $1 FOR UPDATE', [id]);
}

/**
 * Reviewed, to-review and unprocessed counts of the institute's visible records that are not
 * excluded: the totals of the lists as they open (their exclude toggle is off on load), so a
 * count shown beside a list is that list's total. From the tallies the database keeps with every
 * write (server/entities/record-tallies.ts).
 */
export async function summaryCounts(manager: EntityManager, instituteId: number) {
  const rows = await manager
    .getRepository(RecordCounts)
    .findBy({ instituteId, hidden: false, exclude: false });
  const sum = (keep: (c: RecordCounts) => boolean) =>
    rows.filter(keep).reduce((total, c) => total + c.count, 0);
  return {
    reviewed: sum((c) => c.isProcessed && c.isReviewed),
    not_reviewed: sum((c) => c.isProcessed && !c.isReviewed),
    unprocessed: sum((c) => !c.isProcessed),
  };
}

/**
 * Records per local day (`timezone`, the institute's, which the tallies are kept in) over the
 * last `days` days, today included, hidden ones left out: read from the per-day tallies.
 */
export function recordsPerDay(
  manager: EntityManager,
  instituteId: number,
  timezone: string,
  days: number,
): Promise<{ day: string; count: number }[]> {
  const localToday = `(now() AT TIME ZONE :tz)::date`;
  return manager
    .getRepository(RecordDay)
    .createQueryBuilder('d')
    .select(`to_char(d.day, 'YYYY-MM-DD')`, 'day')
    .addSelect('d.count', 'count')
    .where('d.institute_id = :instituteId AND d.count > 0', { instituteId })
    .andWhere(`d.day >= ${localToday} - :back::int AND d.day <= ${localToday}`)
    .setParameters({ tz: timezone, back: days - 1 })
    .orderBy('d.day')
    .getRawMany();
}

/** The institute's records among `ids` (id and line), locked until the transaction ends. */
export function lockRecords(
  manager: EntityManager,
  instituteId: number,
  ids: number[],
  seesHidden: boolean,
): Promise<Pick<TransitRecord, 'id' | 'lineId'>[]> {
  const qb = manager
    .getRepository(TransitRecord)
    .createQueryBuilder('r')
    .select(['r.id', 'r.lineId'])
    .where('r.institute_id = :instituteId AND r.id IN (:...ids)', { instituteId, ids })
    .setLock('pessimistic_write');
  if (!seesHidden) qb.andWhere('r.hidden = false');
  return qb.getMany();
}

/** Whether any of the records is on an archived line. */
export const anyOnArchivedLine = (manager: EntityManager, ids: number[]) =>
  manager
    .getRepository(TransitRecord)
    .createQueryBuilder('r')
    .innerJoin('r.line', 'line', 'line.archived = true')
    .where('r.id IN (:...ids)', { ids })
    .getExists();

export async function updateRecords(
  manager: EntityManager,
  ids: number[],
  columns: Partial<TransitRecord>,
) {
  await manager.getRepository(TransitRecord).update({ id: In(ids) }, columns);
}

/**
 * Stores why processing failed; answers the record's institute, file and vial, and whether it
 * had no error before (its first failure), or null for a record deleted since.
 */
export async function recordFailure(manager: EntityManager, id: number, error: string) {
  const [rows] = (await manager.query(
    `UPDATE records r SET processing_error = $2
       FROM (SELECT id, processing_error IS NULL AS first FROM records WHERE id = $1 FOR UPDATE) old
      WHERE r.id = old.id
      RETURNING r.id, r.institute_id, r.file_name, r.vial_label, old.first`,
    [id, error],
  )) as [
    {
      id: number;
      institute_id: number;
      file_name: string | null;
      vial_label: string | null;
      first: boolean;
    }[],
    number,
  ];
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    instituteId: row.institute_id,
    fileName: row.file_name,
    vialLabel: row.vial_label,
    first: row.first,
  };
}

export async function saveRecord(manager: EntityManager, record: TransitRecord) {
  await manager.getRepository(TransitRecord).save(record);
}

export const findRecordByContent = (manager: EntityManager, instituteId: number, sha256: string) =>
  manager.getRepository(TransitRecord).findOneBy({ instituteId, sha256 });

export async function insertRecord(manager: EntityManager, fields: Partial<TransitRecord>) {
  const repo = manager.getRepository(TransitRecord);
  const { id } = await repo.save(repo.create(fields));
  return id;
}

/** One record as the records export writes it (server/domain/records/export.ts). */
export interface RecordExportRow {
  date: string;
  vial: string | null;
  line: string | null;
  auc: number | null;
  rejection: number | null;
  mkt: number | null;
  duration: number | null;
  flags: string | null;
  labels: string | null;
}

/** The record's flags in words, joined by `, ` as the screen lists them (RECORD_FLAGS). */
const FLAGS_SQL = `NULLIF(concat_ws(', ', ${RECORD_FLAGS.map(
  ([column, word]) => `CASE WHEN r.${column} THEN ${escapeLiteral(word)} END`,
).join(', ')}), '')`;

/**
 * The SQL and parameters of every record the list's filters keep, in the list's order, with
 * what the export writes: the date as `dateFormat` (to_char, in the session's time zone), the
 * flags in words and the labels joined by `; `. For a cursor: no LIMIT, one row per record.
 */
export function recordExportQuery(
  manager: EntityManager,
  instituteId: number,
  seesHidden: boolean,
  q: RecordListQuery,
  dateFormat: string,
): [string, unknown[]] {
  const qb = filteredRecords(manager, instituteId, seesHidden, q)
    .select(`to_char(r.date, '${dateFormat}')`, 'date')
    .addSelect('r.vial_label', 'vial')
    .addSelect('line.name', 'line')
    .addSelect('r.auc', 'auc')
    .addSelect('r.rejection', 'rejection')
    .addSelect(`(r.metrics ->> 'mean_kinetic_temperature')::float8`, 'mkt')
    .addSelect('r.duration', 'duration')
    .addSelect(FLAGS_SQL, 'flags')
    .addSelect(
      `(SELECT string_agg(l.label, '; ' ORDER BY l.label) FROM record_labels rl
        JOIN labels l ON l.id = rl.label_id WHERE rl.record_id = r.id)`,
      'labels',
    );
  return applyOrdering(qb, q.ordering, orderingsFor(q), DEFAULT_ORDERING).getQueryAndParameters();
}
