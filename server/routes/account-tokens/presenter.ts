import type { AccountTokenDto } from '../../../shared/api/account-tokens';
import type { TokenRow } from '../../domain/personal-tokens/repository';

/** A token as its owner sees it: never the token, nor its hash. */
export const presentToken = (row: TokenRow): AccountTokenDto => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  institute: row.instituteId,
  institute_name: row.instituteName,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  expired: row.expired,
  ends_with_session: row.endsWithSession,
});
