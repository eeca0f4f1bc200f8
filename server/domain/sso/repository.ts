import type { EntityManager } from 'typeorm';
import { Institute } from '../../entities/institute';
import { InstituteSso, SsoDomain, SsoLogin, SsoSession } from '../../entities/sso';
import { replaceClaims } from './domains-repository';

export interface SsoSettingsRow {
  settings: InstituteSso;
  /** The domains it claims, by name, each pending or verified. */
  domains: SsoDomain[];
}

/** An institute's provider and its domains, or null when it has none. */
export async function findSettings(
  manager: EntityManager,
  instituteId: number,
): Promise<SsoSettingsRow | null> {
  const settings = await manager.getRepository(InstituteSso).findOneBy({ instituteId });
  if (!settings) return null;
  const domains = await manager
    .getRepository(SsoDomain)
    .find({ where: { instituteId }, order: { domain: 'ASC' } });
  return { settings, domains };
}

/** The domains of the list another institute has verified already, with its name. */
export async function domainsTakenElsewhere(
  manager: EntityManager,
  instituteId: number,
  domains: string[],
): Promise<{ domain: string; name: string }[]> {
  return (await manager.query(
    `SELECT d.domain, i.name FROM sso_domains d JOIN institutes i ON i.id = d.institute_id
      WHERE d.domain = ANY($1::varchar[]) AND d.institute_id <> $2 AND d.state = 'verified'
      ORDER BY d.domain`,
    [domains, instituteId],
  )) as { domain: string; name: string }[];
}

/** Locks the institute's row until the transaction ends: its SSO settings change one at a time. */
export async function lockInstitute(manager: EntityManager, instituteId: number) {
  await manager.query(`SELECT id FROM institutes WHERE id = $1 FOR UPDATE`, [instituteId]);
}

/**
 * Writes the provider's settings and its claims to `domains` (in the caller's transaction): a
 * domain left out is dropped with its proof, a new one is claimed pending with a fresh token, one
 * kept keeps its state and token (server/domain/sso/domains.ts).
 */
export async function saveSettings(
  manager: EntityManager,
  row: Omit<InstituteSso, 'updatedAt' | 'institute'>,
  domains: string[],
) {
  await manager.getRepository(InstituteSso).upsert(row, ['instituteId']);
  await replaceClaims(manager, row.instituteId, domains);
}

/** The institute (not archived) that has verified an e-mail domain, with its provider. */
export async function findByDomain(
  manager: EntityManager,
  domain: string,
): Promise<{ settings: InstituteSso; name: string } | null> {
  const covered = await manager.getRepository(SsoDomain).findOneBy({ domain, state: 'verified' });
  if (!covered) return null;
  const institute = await manager.getRepository(Institute).findOneBy({ id: covered.instituteId });
  const settings = await manager
    .getRepository(InstituteSso)
    .findOneBy({ instituteId: covered.instituteId });
  if (!institute || !settings || institute.archived) return null;
  return { settings, name: institute.name };
}

export const instituteName = async (manager: EntityManager, id: number) =>
  (await manager.getRepository(Institute).findOneBy({ id }))?.name ?? null;

export async function insertLogin(manager: EntityManager, login: Partial<SsoLogin>) {
  await manager.getRepository(SsoLogin).insert(login);
}

/** The sign-in a callback's `state` names, taken: a state is answered once. */
export async function takeLogin(
  manager: EntityManager,
  state: string,
  now: Date,
): Promise<SsoLogin | null> {
  const [rows] = (await manager.query(
    `UPDATE sso_logins SET expires_at = '-infinity'
      WHERE state = $1 AND code_hash IS NULL AND expires_at > $2
      RETURNING id, institute_id AS "instituteId", code_verifier AS "codeVerifier", nonce, client`,
    [state, now],
  )) as [SsoLogin[], number];
  return rows[0] ?? null;
}

export async function setCode(
  manager: EntityManager,
  id: number,
  fields: Pick<SsoLogin, 'userId' | 'codeHash' | 'codeExpiresAt' | 'providerRefreshEncrypted'>,
) {
  await manager.getRepository(SsoLogin).update(id, fields);
}

type Exchanged = Pick<SsoLogin, 'userId' | 'instituteId' | 'providerRefreshEncrypted'>;

/**
 * Marks a one-time code exchanged if it is unused and not expired at `now`; answers its sign-in
 * (with the provider's refresh token, which leaves the row), or null. A second exchange of the
 * same code finds it used.
 */
export async function exchangeCode(
  manager: EntityManager,
  codeHash: string,
  now: Date,
): Promise<Exchanged | null> {
  const [rows] = (await manager.query(
    `UPDATE sso_logins l SET exchanged_at = $2, provider_refresh_encrypted = NULL
       FROM sso_logins stored
      WHERE stored.id = l.id
        AND l.code_hash = $1 AND l.exchanged_at IS NULL AND l.code_expires_at > $2
      RETURNING l.user_id AS "userId", l.institute_id AS "instituteId",
                stored.provider_refresh_encrypted AS "providerRefreshEncrypted"`,
    [codeHash, now],
  )) as [Exchanged[], number];
  return rows[0] ?? null;
}

/** Forgets sign-ins whose code can no longer be used (kept a day, so a replay reads as one). */
export async function deleteStaleLogins(manager: EntityManager, now: Date) {
  await manager.query(
    `DELETE FROM sso_logins
      WHERE coalesce(code_expires_at, expires_at) < $1::timestamptz - interval '1 day'`,
    [now],
  );
}

export async function insertSession(manager: EntityManager, session: SsoSession) {
  await manager.getRepository(SsoSession).insert(session);
}

/**
 * After a re-check the provider passed: the session ends SSO_SESSION_HOURS after it (`endsAt`),
 * and keeps the provider's rotated refresh token when it sent one.
 */
export async function renewSession(
  manager: EntityManager,
  family: string,
  fields: { endsAt: Date; providerRefreshEncrypted?: string },
) {
  await manager.getRepository(SsoSession).update({ family }, fields);
}

/** The provider no longer knows the user: the session ends now and forgets its refresh token. */
export async function endSession(manager: EntityManager, family: string, now: Date) {
  await manager.query(
    `UPDATE sso_sessions SET ends_at = LEAST(ends_at, $2), provider_refresh_encrypted = NULL
      WHERE family = $1`,
    [family, now],
  );
}

export async function addMembership(manager: EntityManager, userId: number, instituteId: number) {
  await manager.query(
    `INSERT INTO user_institutes (user_id, institute_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [userId, instituteId],
  );
}
