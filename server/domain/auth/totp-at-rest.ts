import type { DataSource } from 'typeorm';
import type { Logger } from '../../app-context';
import { isClearTotpSecret, sealTotpSecret } from '../../auth/totp-secret';
import { muteAuditOf } from '../audit/repository';

/**
 * Encrypts every TOTP secret still stored in clear (kept so by releases before this one, or
 * restored from their backups), at each start, after the migrations. A migration cannot do it:
 * migrations are frozen SQL, and the key (SSO_SECRET_KEY, or the one derived from JWT_SECRET)
 * lives in the configuration, not the database. Idempotent: a sealed secret is left alone, and
 * processes starting together lock the rows they seal, so none seals one twice.
 */
export async function sealClearTotpSecrets(db: DataSource, key: Buffer, log: Logger) {
  const sealed = await db.transaction(async (manager) => {
    const rows = (await manager.query(
      `SELECT id, totp_secret AS secret FROM users
        WHERE totp_secret IS NOT NULL AND position('.' in totp_secret) = 0
        FOR UPDATE`,
    )) as { id: number; secret: string }[];
    const clear = rows.filter((row) => isClearTotpSecret(row.secret));
    if (clear.length === 0) return 0;
    // The same secret in another form: no change of anyone's second factor to audit (the log
    // line below tells it), where each row would otherwise read "second factor changed".
    await muteAuditOf(manager, 'users');
    for (const row of clear) {
      await manager.query(`UPDATE users SET totp_secret = $2 WHERE id = $1`, [
        row.id,
        sealTotpSecret(key, row.secret, row.id),
      ]);
    }
    return clear.length;
  });
  if (sealed > 0) log.info(`Encrypted ${sealed} TOTP secret(s) stored in clear`);
  return sealed;
}
