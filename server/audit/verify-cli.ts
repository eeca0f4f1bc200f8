import 'reflect-metadata';
import { loadConfig } from '../config';
import { createDataSource } from '../db/data-source';
import { commandLogger as log } from '../logging/logger';
import { openInstallation } from '../backup/installation';
import { auditTrailSize, verifyAuditChains } from '../domain/audit/verify';

/**
 * `npm run audit:verify`: checks every chain of the audit trail of the installation the
 * environment names (DATABASE_URL, or the embedded cluster under DATA_DIR) and names the first
 * broken link of each. Exit codes: 0 intact, 1 a chain is broken (or the check failed).
 */
async function main(): Promise<number> {
  const installation = await openInstallation(loadConfig(), log);
  const db = createDataSource(installation.databaseUrl, []);
  try {
    await db.initialize();
    const broken = await verifyAuditChains(db);
    for (const link of broken) {
      const chain =
        link.chain === 0 ? 'the chain of no institute' : `institute ${link.chain}'s chain`;
      log.error(`Broken: ${chain} at entry ${link.seq} (id ${link.id}): ${link.problem}.`);
    }
    if (broken.length > 0) return 1;
    const { entries, chains } = await auditTrailSize(db);
    log.info(`The audit trail is intact: ${entries} entries in ${chains} chain(s).`);
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
