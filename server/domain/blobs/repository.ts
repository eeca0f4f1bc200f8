import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { ContractFile } from '../../entities/contract';
import { TransitRecord } from '../../entities/record';
import { Report } from '../../entities/report';
import { HemolysisData } from '../../entities/hemolysis-data';
import { Vial } from '../../entities/vial';

/**
 * Every column that holds a blob's address (contract files, reports, runs, vial inventory files,
 * hemolysis exports): what keeps a blob in the store, and what a backup copies.
 */
const BLOB_COLUMNS: { entity: EntityTarget<ObjectLiteral>; column: string }[] = [
  { entity: ContractFile, column: 'sha256' },
  { entity: Report, column: 'fileSha256' },
  { entity: TransitRecord, column: 'sha256' },
  { entity: Vial, column: 'difSha256' },
  { entity: HemolysisData, column: 'fileSha256' },
];

/** The distinct blob addresses the rows refer to, of all of them or only of `among`. */
async function blobsReferred(manager: EntityManager, among?: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (const { entity, column } of BLOB_COLUMNS) {
    const query = manager
      .getRepository(entity)
      .createQueryBuilder('row')
      .select(`row.${column}`, 'sha')
      .distinct(true)
      .where(`row.${column} IS NOT NULL`);
    if (among) query.andWhere(`row.${column} IN (:...among)`, { among });
    for (const { sha } of await query.getRawMany<{ sha: string }>()) used.add(sha);
  }
  return used;
}

/**
 * Of these blob addresses, the ones nothing refers to any more (no contract file, report, run,
 * vial inventory file or hemolysis export): those may be removed from the blob store.
 */
export async function unreferencedBlobs(manager: EntityManager, shas: string[]) {
  const unique = [...new Set(shas)];
  if (unique.length === 0) return [];
  const used = await blobsReferred(manager, unique);
  return unique.filter((sha) => !used.has(sha));
}

/** Every blob the rows refer to, sorted: what a backup of this snapshot must hold. */
export async function referencedBlobs(manager: EntityManager): Promise<string[]> {
  return [...(await blobsReferred(manager))].sort();
}

/**
 * The advisory lock between blob removal (shared: removals run side by side) and a backup
 * copying blobs (exclusive): a blob a backup's snapshot still refers to stays until it is copied.
 */
const BLOB_REMOVAL_LOCK = 0x7669616c; // 'vial'

/** Waits until no backup is copying blobs; held until the transaction ends. */
export async function holdBlobRemoval(manager: EntityManager): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock_shared($1)', [BLOB_REMOVAL_LOCK]);
}

/** Keeps blobs from being removed until `allowBlobRemoval` on the same session (a backup). */
export async function blockBlobRemoval(manager: EntityManager): Promise<void> {
  await manager.query('SELECT pg_advisory_lock($1)', [BLOB_REMOVAL_LOCK]);
}

export async function allowBlobRemoval(manager: EntityManager): Promise<void> {
  await manager.query('SELECT pg_advisory_unlock($1)', [BLOB_REMOVAL_LOCK]);
}
