import 'reflect-metadata';
import { loadConfig } from '../config';
import { createDataSource } from '../db/data-source';
import { commandLogger as log } from '../logging/logger';
import { openInstallation } from '../backup/installation';
import { sealAuditTrail } from '../domain/audit/seal';
import { verifyAuditTrail, type AuditFinding } from '../domain/audit/verify';

const where = (f: AuditFinding) =>
  f.chain === null
    ? 'The database'
    : `${f.chain === 0 ? 'The chain of no institute' : `Institute ${f.chain}'s chain`}${
        f.seq === undefined ? '' : ` at entry ${f.seq}${f.id === undefined ? '' : ` (id ${f.id})`}`
      }`;

/**
 * `npm run audit:verify`: checks the audit trail of the installation the environment names
 * (DATABASE_URL, or the embedded cluster under DATA_DIR; its blob store) with AUDIT_KEY, against
 * the newest checkpoint (server/domain/audit/verify.ts), after sealing what a running server has
 * not sealed yet. Exit codes: 0 intact, 1 broken (each finding named) or the check failed.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const installation = await openInstallation(config, log);
  const db = createDataSource(installation.databaseUrl, []);
  try {
    await db.initialize();
    const sealed = await sealAuditTrail(db, config.audit.key);
    if (sealed) log.info(`Sealed ${sealed} entries written since the server last sealed.`);
    const result = await verifyAuditTrail(db, installation.blobs, config.audit.key);
    for (const f of result.notes) log.info(`${where(f)}: ${f.problem}.`);
    for (const f of result.broken) log.error(`Broken: ${where(f)}: ${f.problem}.`);
    if (result.broken.length > 0) return 1;
    const against = result.checkpoint
      ? `, up to the checkpoint of ${result.checkpoint.at} and beyond`
      : ' (no checkpoint yet: a running server writes one hourly and as it stops)';
    log.info(
      `The audit trail is intact: ${result.entries} entries in ${result.chains} chain(s)${against}.`,
    );
    return 0;
  } finally {
    if (db.isInitialized) await db.destroy();
    await installation.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    log.error('Failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
