import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { vialListQuery } from '../../../shared/api/vials';
import { TransitRecord } from '../../entities/record';
import { Vial } from '../../entities/vial';
import { containsPattern, paginate } from '../pagination';

const ORDERINGS = { label: 'v.label', version: 'v.version', id: 'v.id' };

/** A page of vials, of `visible` institutes only unless it is null (staff). */
export function pageOfVials(
  manager: EntityManager,
  visible: number[] | null,
  q: z.output<typeof vialListQuery>,
) {
  const qb = manager.getRepository(Vial).createQueryBuilder('v');
  if (visible) qb.andWhere('v.institute_id = ANY(:visible)', { visible });
  if (q.institute_id) qb.andWhere('v.institute_id = :inst', { inst: q.institute_id });
  if (q.search) qb.andWhere('v.label ILIKE :s', { s: containsPattern(q.search) });
  return paginate(qb, q, ORDERINGS, 'label');
}

export const findVialByLabel = (manager: EntityManager, label: string) =>
  manager.getRepository(Vial).findOneBy({ label });

export const findVialByUuid = (manager: EntityManager, uuid: string) =>
  manager.getRepository(Vial).findOneBy({ uuid });

export const labelExists = (manager: EntityManager, label: string) =>
  manager.getRepository(Vial).existsBy({ label });

export const uuidExists = (manager: EntityManager, uuid: string) =>
  manager.getRepository(Vial).existsBy({ uuid });

export async function insertVial(manager: EntityManager, fields: Partial<Vial>) {
  const repo = manager.getRepository(Vial);
  return repo.save(repo.create(fields));
}

export const saveVial = (manager: EntityManager, vial: Vial) =>
  manager.getRepository(Vial).save(vial);

export async function retireVial(manager: EntityManager, id: number) {
  await manager.getRepository(Vial).update(id, { isDeleted: true });
}

/** Points the vial at its latest data inventory (DIF) file. */
export async function setVialDif(manager: EntityManager, id: number, sha256: string, at: Date) {
  await manager.getRepository(Vial).update(id, { difSha256: sha256, difGeneratedAt: at });
}

/** How many runs the server holds from a vial, and when the latest was uploaded. */
export interface VialUsage {
  uploads: number;
  lastUpload: Date | null;
}

/** The usage of each of these vials (a vial without runs is missing from the map). */
export async function vialUsage(
  manager: EntityManager,
  vialIds: number[],
): Promise<Map<number, VialUsage>> {
  const usage = new Map<number, VialUsage>();
  if (vialIds.length === 0) return usage;
  const rows = await manager
    .getRepository(TransitRecord)
    .createQueryBuilder('r')
    .select('r.vial_id', 'vial')
    .addSelect('COUNT(*)::int', 'uploads')
    .addSelect('MAX(r.upload_date)', 'last')
    .where('r.vial_id IN (:...ids)', { ids: vialIds })
    .groupBy('r.vial_id')
    .getRawMany<{ vial: number; uploads: number; last: Date | null }>();
  for (const row of rows)
    usage.set(row.vial, { uploads: row.uploads, lastUpload: row.last ? new Date(row.last) : null });
  return usage;
}

/** Every run the server holds from the vial, by run start. */
export const runsOfVial = (manager: EntityManager, vialId: number) =>
  manager.getRepository(TransitRecord).find({
    select: {
      id: true,
      instituteId: true,
      date: true,
      uploadDate: true,
      sha256: true,
      fileSize: true,
      fileName: true,
      sequence: true,
    },
    where: { vialId },
    order: { date: 'ASC', id: 'ASC' },
  });
