import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Line } from '../server/entities/line';
import { TransitRecord } from '../server/entities/record';
import { Validation } from '../server/entities/validation';

/**
 * Rows written straight into the database, for tests that need many records at chosen dates or
 * lines without uploading and processing run files. Each record gets its own fake content hash.
 */
export async function insertRecords(
  db: DataSource,
  instituteId: number,
  rows: Partial<TransitRecord>[],
): Promise<TransitRecord[]> {
  const repo = db.getRepository(TransitRecord);
  return repo.save(
    rows.map((row) =>
      repo.create({
        instituteId,
        date: new Date(),
        isProcessed: true,
        sha256: randomBytes(32).toString('hex'),
        fileSize: '1024',
        ...row,
      }),
    ),
  );
}

export async function insertLine(db: DataSource, instituteId: number, props: Partial<Line> = {}) {
  const repo = db.getRepository(Line);
  return repo.save(
    repo.create({ instituteId, name: `Line ${randomBytes(3).toString('hex')}`, ...props }),
  );
}

export async function insertValidation(
  db: DataSource,
  instituteId: number,
  props: Partial<Validation> = {},
) {
  const repo = db.getRepository(Validation);
  return repo.save(
    repo.create({
      instituteId,
      name: `Validation ${randomBytes(3).toString('hex')}`,
      startDate: '2025-06-02',
      durationDays: 1,
      ...props,
    }),
  );
}
