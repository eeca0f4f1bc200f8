import { Resolver } from 'node:dns/promises';
import type { DataSource } from 'typeorm';
import {
  DOMAIN_RECORD_PREFIX,
  type SsoDomain as SsoDomainOut,
  type SsoDomainProof,
} from '../../../shared/api/sso';
import { isPublicWebmailDomain, webmailRefused } from '../../../shared/domain/webmail';
import type { AuthUser } from '../../auth/auth-user';
import type { SsoDomain } from '../../entities/sso';
import { writeAuditEntry } from '../audit/repository';
import { conflict, DomainError, isUniqueViolation, notFound } from '../errors';
import { instituteExists } from '../institutes/repository';
import { authorize } from '../policy';
import * as claims from './domains-repository';

/**
 * Verified domains (README "Single sign-on"): an organization's claim to an e-mail domain is
 * pending until proven, by the DNS TXT record `vialqc-domain-verification=<token>` found at the
 * domain on the owner's request, or by staff's approval. Only a verified domain routes sign-ins
 * (discovery, the callback) and can refuse password sign-in; one organization at most has a
 * domain verified; public webmail domains cannot be claimed at all.
 */

/** Where the TXT records are asked: SSO_DNS_SERVERS (host:port), or the system's resolvers. */
export interface DomainDeps {
  db: DataSource;
  dnsServers: string[];
  now: () => number;
}

/** How long one DNS question may take, and how often it is asked before giving up. */
const DNS_TIMEOUT_MS = 3000;
const DNS_TRIES = 2;

export const verificationRecord = (token: string) => `${DOMAIN_RECORD_PREFIX}${token}`;

/** A claim as the API answers it: name, state, the TXT record to publish, how it was proven. */
export const presentDomain = (claim: SsoDomain): SsoDomainOut => ({
  name: claim.domain,
  state: claim.state,
  record: verificationRecord(claim.verificationToken),
  verified_at: claim.verifiedAt?.toISOString() ?? null,
  verified_by: claim.verifiedHow,
});

/** Refuses (422) a list that names a public webmail domain. */
export function refuseWebmail(domains: string[]): void {
  const webmail = domains.find(isPublicWebmailDomain);
  if (webmail) throw new DomainError(422, webmailRefused(webmail));
}

const notClaimed = (domain: string) =>
  notFound(`${domain} is not one of this organization's single sign-on domains.`);
const takenBy = (domain: string, name: string) =>
  conflict(
    `${domain} is already verified by ${name}. Each e-mail domain belongs to one organization.`,
  );
const recordMissing = (domain: string, record: string) =>
  new DomainError(
    422,
    `The TXT record "${record}" was not found at ${domain}. Publish it with your DNS provider ` +
      'and try again; a new record can take a while to be seen.',
  );
const dnsUnavailable = (domain: string) =>
  new DomainError(
    503,
    `The DNS could not be asked about ${domain} just now. Please try again in a few minutes.`,
  );

/** The TXT records at `domain` (each one's strings joined), or 'unavailable'. */
export async function txtRecords(
  domain: string,
  servers: string[],
): Promise<string[] | 'unavailable'> {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: DNS_TRIES });
  if (servers.length > 0) resolver.setServers(servers);
  try {
    return (await resolver.resolveTxt(domain)).map((chunks) => chunks.join(''));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // The name or its TXT records do not exist: nothing published.
    if (code === 'ENODATA' || code === 'ENOTFOUND') return [];
    return 'unavailable';
  }
}

async function authorizeOn(db: DataSource, me: AuthUser, instituteId: number, staff: boolean) {
  authorize(me, staff ? 'institute:staff-fields' : 'institute:settings', instituteId);
  if (!(await instituteExists(db.manager, instituteId))) throw notFound();
}

/** The claim proven, in one transaction with its audit entry; 409 if another has it verified. */
async function prove(
  deps: DomainDeps,
  me: AuthUser,
  instituteId: number,
  domain: string,
  how: SsoDomainProof,
): Promise<SsoDomainOut> {
  const result = deps.db.transaction(async (manager) => {
    await manager.query(`SELECT id FROM institutes WHERE id = $1 FOR UPDATE`, [instituteId]);
    const claim = await claims.lockClaim(manager, instituteId, domain);
    if (!claim) throw notClaimed(domain);
    if (claim.state === 'verified') return presentDomain(claim);
    const other = await claims.verifiedElsewhere(manager, instituteId, domain);
    if (other) throw takenBy(domain, other);
    const at = new Date(deps.now());
    await claims.markVerified(manager, claim, { how, by: me.id, at });
    await writeAuditEntry(manager, {
      instituteId,
      objectType: 'sso',
      objectId: instituteId,
      action: 'updated',
      changes: {
        domains: { verified: domain },
        method: how === 'dns' ? 'DNS TXT record' : 'approved by staff',
      },
    });
    return presentDomain({
      ...claim,
      state: 'verified',
      verifiedAt: at,
      verifiedHow: how,
      verifiedById: me.id,
    });
  });
  // Another organization verified it at the same moment (the unique index on verified claims).
  return result.catch(async (err: unknown) => {
    if (!isUniqueViolation(err)) throw err;
    throw takenBy(
      domain,
      (await claims.verifiedElsewhere(deps.db.manager, instituteId, domain)) ?? 'another',
    );
  });
}

/** Checks before proving: claimed by this institute, not webmail, not verified elsewhere. */
async function claimToProve(deps: DomainDeps, instituteId: number, domain: string) {
  refuseWebmail([domain]);
  const claim = await claims.findClaim(deps.db.manager, instituteId, domain);
  if (!claim) throw notClaimed(domain);
  const other = await claims.verifiedElsewhere(deps.db.manager, instituteId, domain);
  if (other) throw takenBy(domain, other);
  return claim;
}

/**
 * POST /v2/institutes/{id}/sso/domains/{domain}/verify (owner, staff): asks the DNS for the
 * domain's TXT records and verifies the claim when its record is among them (422 when not, 503
 * when the DNS cannot be asked).
 */
export async function verifyDomain(
  deps: DomainDeps,
  me: AuthUser,
  instituteId: number,
  domain: string,
): Promise<SsoDomainOut> {
  await authorizeOn(deps.db, me, instituteId, false);
  const claim = await claimToProve(deps, instituteId, domain);
  if (claim.state === 'verified') return presentDomain(claim);
  const record = verificationRecord(claim.verificationToken);
  const found = await txtRecords(domain, deps.dnsServers);
  if (found === 'unavailable') throw dnsUnavailable(domain);
  if (!found.some((text) => text.trim() === record)) throw recordMissing(domain, record);
  return prove(deps, me, instituteId, domain, 'dns');
}

/**
 * POST /v2/institutes/{id}/sso/domains/{domain}/approve (staff only): verifies the claim without
 * its DNS record, for an organization staff know owns the domain; audited like a verification.
 */
export async function approveDomain(
  deps: DomainDeps,
  me: AuthUser,
  instituteId: number,
  domain: string,
): Promise<SsoDomainOut> {
  await authorizeOn(deps.db, me, instituteId, true);
  await claimToProve(deps, instituteId, domain);
  return prove(deps, me, instituteId, domain, 'staff');
}
