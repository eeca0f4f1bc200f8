import type { EntityManager } from 'typeorm';
import type { Run } from '../../../shared/vial/dat';
import {
  accelerationSeries,
  cumulativeSeries,
  DEFAULT_MAX_POINTS,
  SERIES_KINDS,
  temperatureSeries,
  type SeriesKind,
} from '../../../shared/vial/series';
import type { Institute } from '../../entities/institute';
import { RecordSeries } from '../../entities/record-series';
import { preparedRead } from '../../db/prepared-query';
import { compressSeries } from './series-body';

/**
 * The version of what the series code answers. Bump it with any change to shared/vial/series.ts
 * that changes an answer: stored series of an older format are computed again on request, and
 * their tags (the ETags) change so browsers do not keep the old ones.
 */
export const SERIES_FORMAT = 1;

/**
 * Only the series the renderer asks for (the default max_points) are stored: other values are
 * computed per request as before, so a client cannot fill the table with every max_points.
 */
export const isStored = (maxPoints: number) => maxPoints === DEFAULT_MAX_POINTS;

/** Names a series' content: equal tags, equal bytes (the HTTP layer's strong ETag). */
export const seriesTag = (sha256: string, kind: SeriesKind, maxPoints: number) =>
  `${sha256}-${kind}-${maxPoints}-${SERIES_FORMAT}`;

function computeSeries(run: Run, kind: SeriesKind, maxPoints: number): object {
  if (kind === 'acceleration') return accelerationSeries(run, maxPoints);
  if (kind === 'temperature') return temperatureSeries(run, maxPoints);
  return cumulativeSeries(run, kind, maxPoints);
}

/** A record and its stored series of one kind, if one of the current run and format is there. */
export interface RecordWithSeries {
  instituteId: number;
  hidden: boolean;
  isProcessed: boolean;
  sha256: string;
  /** The institute's (read along, for the troubleshooting area's gate). */
  featureFlags: Institute['featureFlags'];
  /** gzip of the JSON answer; null when none is stored for this run and format. */
  body: Buffer | null;
}

export async function findRecordWithSeries(
  manager: EntityManager,
  id: number,
  kind: SeriesKind,
  maxPoints: number,
): Promise<RecordWithSeries | null> {
  const [row] = (await preparedRead(
    manager,
    `SELECT r.institute_id AS "instituteId", r.hidden, r.is_processed AS "isProcessed", r.sha256,
            i.feature_flags AS "featureFlags", s.body
     FROM records r
     JOIN institutes i ON i.id = r.institute_id
     LEFT JOIN record_series s ON s.record_id = r.id AND s.kind = $2 AND s.max_points = $3
                              AND s.sha256 = r.sha256 AND s.format = $4
     WHERE r.id = $1`,
    [id, kind, maxPoints, SERIES_FORMAT],
  )) as unknown as RecordWithSeries[];
  return row ?? null;
}

async function store(manager: EntityManager, rows: RecordSeries[]): Promise<void> {
  await manager
    .createQueryBuilder()
    .insert()
    .into(RecordSeries)
    .values(rows)
    .orUpdate(['sha256', 'format', 'body'], ['record_id', 'kind', 'max_points'])
    .execute();
}

const row = (
  record: { id: number; sha256: string },
  kind: SeriesKind,
  maxPoints: number,
  body: Buffer,
) =>
  Object.assign(new RecordSeries(), {
    recordId: record.id,
    kind,
    maxPoints,
    sha256: record.sha256,
    format: SERIES_FORMAT,
    body,
  });

/** One series of a record's run, compressed, and stored when it is one the renderer asks for. */
export async function computeAndKeep(
  manager: EntityManager,
  record: { id: number; sha256: string },
  run: Run,
  kind: SeriesKind,
  maxPoints: number,
): Promise<Buffer> {
  const body = await compressSeries(computeSeries(run, kind, maxPoints));
  if (isStored(maxPoints)) await store(manager, [row(record, kind, maxPoints, body)]);
  return body;
}

/** At processing: every stored series of the record's run, compressed by the metrics thread. */
export async function storeChartSeries(
  manager: EntityManager,
  record: { id: number; sha256: string },
  bodies: Record<SeriesKind, Buffer>,
): Promise<void> {
  await store(
    manager,
    SERIES_KINDS.map((kind) => row(record, kind, DEFAULT_MAX_POINTS, bodies[kind])),
  );
}
