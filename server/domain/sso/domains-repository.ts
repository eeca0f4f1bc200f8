import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { SsoDomainProof } from '../../../shared/api/sso';
import { SsoDomain } from '../../entities/sso';

/** A claim's token: 128 random bits, as 32 hex digits (published in DNS, not a secret). */
export const newDomainToken = () => randomBytes(16).toString('hex');

/**
 * An institute's claims become `domains` (in the caller's transaction): claims left out are
 * deleted, new ones inserted pending with a fresh token, kept ones untouched.
 */
export async function replaceClaims(
  manager: EntityManager,
  instituteId: number,
  domains: string[],
) {
  await manager.query(
    `DELETE FROM sso_domains WHERE institute_id = $1 AND NOT (domain = ANY($2::varchar[]))`,
    [instituteId, domains],
  );
  for (const domain of domains) {
    await manager.query(
      `INSERT INTO sso_domains (domain, institute_id, state, verification_token)
       VALUES ($1, $2, 'pending', $3) ON CONFLICT (domain, institute_id) DO NOTHING`,
      [domain, instituteId, newDomainToken()],
    );
  }
}

/** The institute's claim to `domain`, locked until the transaction ends; null when none. */
export const lockClaim = (manager: EntityManager, instituteId: number, domain: string) =>
  manager
    .getRepository(SsoDomain)
    .createQueryBuilder('d')
    .setLock('pessimistic_write')
    .where('d.institute_id = :instituteId AND d.domain = :domain', { instituteId, domain })
    .getOne();

/** The institute's claim to `domain`, or null. */
export const findClaim = (manager: EntityManager, instituteId: number, domain: string) =>
  manager.getRepository(SsoDomain).findOneBy({ instituteId, domain });

/** The name of the institute that has verified `domain`, other than `instituteId`; or null. */
export async function verifiedElsewhere(
  manager: EntityManager,
  instituteId: number,
  domain: string,
): Promise<string | null> {
  const rows = (await manager.query(
    `SELECT i.name FROM sso_domains d JOIN institutes i ON i.id = d.institute_id
      WHERE d.domain = $1 AND d.institute_id <> $2 AND d.state = 'verified'`,
    [domain, instituteId],
  )) as { name: string }[];
  return rows[0]?.name ?? null;
}

/** The claim proven: verified now, by whom and how. */
export async function markVerified(
  manager: EntityManager,
  claim: Pick<SsoDomain, 'instituteId' | 'domain'>,
  proof: { how: SsoDomainProof; by: number; at: Date },
) {
  await manager
    .getRepository(SsoDomain)
    .update(
      { instituteId: claim.instituteId, domain: claim.domain },
      { state: 'verified', verifiedAt: proof.at, verifiedHow: proof.how, verifiedById: proof.by },
    );
}
