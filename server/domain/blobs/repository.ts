import { In, type EntityManager } from 'typeorm';
import { ContractFile } from '../../entities/contract';
import { TransitRecord } from '../../entities/record';
import { Report } from '../../entities/report';
import { HemolysisData } from '../../entities/hemolysis-data';
import { Vial } from '../../entities/vial';

/**
 * Of these blob addresses, the ones nothing refers to any more (no contract file, report, run,
 * vial inventory file or hemolysis export): those may be removed from the blob store.
 */
export async function unreferencedBlobs(manager: EntityManager, shas: string[]) {
  const unique = [...new Set(shas)];
  if (unique.length === 0) return [];
  const used = new Set<string>();
  const collect = (rows: { sha: string | null }[]) => rows.forEach((r) => r.sha && used.add(r.sha));
  collect(
    (await manager.getRepository(ContractFile).findBy({ sha256: In(unique) })).map((f) => ({
      sha: f.sha256,
    })),
  );
  collect(
    (await manager.getRepository(Report).findBy({ fileSha256: In(unique) })).map((r) => ({
      sha: r.fileSha256,
    })),
  );
  collect(
    (
      await manager
        .getRepository(TransitRecord)
        .find({ select: { id: true, sha256: true }, where: { sha256: In(unique) } })
    ).map((r) => ({ sha: r.sha256 })),
  );
  collect(
    (await manager.getRepository(Vial).findBy({ difSha256: In(unique) })).map((v) => ({
      sha: v.difSha256,
    })),
  );
  collect(
    (await manager.getRepository(HemolysisData).findBy({ fileSha256: In(unique) })).map((h) => ({
      sha: h.fileSha256,
    })),
  );
  return unique.filter((sha) => !used.has(sha));
}
