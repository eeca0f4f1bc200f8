import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { SeriesKind } from '../../shared/vial/series';
import { TransitRecord } from './record';

/**
 * A record's chart series as the API answers them, computed when the record is processed (or on
 * the first request for a record processed before they were stored), so a chart is served without
 * parsing its run.
 *
 * Kept in PostgreSQL rather than the blob store: the request that checks the record's tenancy
 * reads the series in the same query, one round trip, where an S3 object would be a second
 * request slower than the whole answer; rows go with their record (ON DELETE CASCADE) while the
 * content-addressed store would need reference counting of its own; a series is a few tens of
 * kB, a few per cent of the run file it summarises.
 */
@Entity('record_series')
export class RecordSeries {
  @PrimaryColumn({ type: 'int' })
  recordId: number;

  @ManyToOne(() => TransitRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'record_id' })
  record: TransitRecord;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  kind: SeriesKind;

  @PrimaryColumn({ type: 'int' })
  maxPoints: number;

  /** The run it was computed from: a record whose file is another one's computes it again. */
  @Column({ type: 'char', length: 64 })
  sha256: string;

  /** SERIES_FORMAT it was computed with: a change of the series code computes them again. */
  @Column({ type: 'int' })
  format: number;

  /** The JSON answer, gzip-compressed (sent as it is to clients that accept gzip). */
  @Column({ type: 'bytea' })
  body: Buffer;
}
