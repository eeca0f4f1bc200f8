/**
 * `npm run release:snapshot`, when a release is cut: writes server/db/previous-release/, what the
 * upgrade test (server/db/upgrade.api.test.ts) migrates from. A small demo installation (the
 * demo accounts, the fixture runs uploaded, processed and put on lines) is backed up in the
 * product's own format (`npm run backup`), without its blobs: the run files are too big for the
 * repository, and the upgrade concerns what the database holds. Beside it, answers.json: what
 * the release answered for its records, lines, statistics, tallies and chart series.
 *
 * Without options it starts this checkout's server on a fresh embedded PostgreSQL (the release
 * being cut is this checkout). `-- --url URL --data-dir DIR` works on a server of an earlier
 * release instead, already running from its own checkout with the embedded PostgreSQL under DIR
 * (`DEMO=accounts`), as the first snapshot was made.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { expected } from '../shared/vial/testing/fixtures';
import { backup } from '../server/backup/backup';
import { EMBEDDED_DATABASE, startServer } from '../server/boot';
import { loadConfig } from '../server/config';
import { runningClusterUrl } from '../server/db/embedded-postgres';
import { commandLogger } from '../server/logging/logger';
import { signInDemo } from '../bench/bench-server';
import type { ApiClient } from './http';
import { registerFixtureVials, uploadFixture, waitProcessed } from './records';
import { RELEASE_DIR, type ReleaseAnswer } from './release';

/** Uploads the fixture runs and puts them on lines, reviewed: the records the answers are of. */
async function populate(staff: ApiClient, member: ApiClient, hospital: number): Promise<void> {
  await registerFixtureVials(staff, hospital);
  const lines: number[] = [];
  for (const name of ['Ward A to Central Lab', 'Emergency to Central Lab']) {
    lines.push((await member.post(`/v2/institutes/${hospital}/lines`, { name })).body.id);
  }
  const records = Object.values(expected.records);
  for (const [k, run] of records.entries()) {
    const id = (await uploadFixture(member, hospital, run.file, run.vial_uuid)).body.id as number;
    await waitProcessed(member, id, 120_000);
    await member.patch(`/v2/records/${id}`, { line: lines[k % lines.length], is_reviewed: true });
  }
}

/** What the release answers for its records, lines, statistics, tallies and two records' series. */
async function answers(member: ApiClient, hospital: number): Promise<ReleaseAnswer[]> {
  const out: ReleaseAnswer[] = [];
  const answer = async (asked: string) => {
    const res = await member.get(asked);
    if (res.status !== 200) throw new Error(`${asked}: ${res.status}`);
    out.push({ path: asked, body: res.body });
    return res.body;
  };
  const records: { id: number }[] = (
    await answer(`/v2/institutes/${hospital}/records?size=100&page=0&ordering=date`)
  ).items;
  await answer(`/v2/institutes/${hospital}/records/summary`);
  const lines: { id: number }[] = (
    await answer(`/v2/institutes/${hospital}/lines?size=100&ordering=name`)
  ).items;
  for (const { id } of lines) await answer(`/v2/lines/${id}`);
  for (const { id } of records) await answer(`/v2/records/${id}`);
  for (const { id } of records.slice(0, 2)) {
    await answer(`/v2/records/${id}/data?type=acceleration`);
    await answer(`/v2/records/${id}/cumulative?metric=auc`);
  }
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, 'data-dir': { type: 'string' } },
  });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vialqc-release-'));
  const dataDir = values['data-dir'] ?? path.join(work, 'installation');
  const own = values.url
    ? undefined
    : await startServer(
        {
          ...loadConfig({
            DATA_DIR: dataDir,
            DEMO: 'accounts',
            PORT: '0',
            // The demo staff account signs in with its password alone.
            MFA_REQUIRED_FOR_STAFF: 'false',
          }),
          rendererDir: path.join(work, 'none'),
        },
        commandLogger,
      );
  try {
    const { staff, member, hospital } = await signInDemo(values.url ?? own!.url);
    await populate(staff, member, hospital);
    const recorded = await answers(member, hospital);
    const databaseUrl = runningClusterUrl(path.join(dataDir, 'postgres'))?.(EMBEDDED_DATABASE);
    if (!databaseUrl) throw new Error(`No embedded PostgreSQL runs under ${dataDir}`);
    fs.rmSync(RELEASE_DIR, { recursive: true, force: true });
    // A blob store of its own, empty: the manifest lists the run files as missing.
    await backup(
      loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: path.join(work, 'no-blobs') }),
      { ...commandLogger, error: () => undefined },
      { to: path.join(RELEASE_DIR, 'backup') },
    );
    fs.writeFileSync(
      path.join(RELEASE_DIR, 'answers.json'),
      JSON.stringify(recorded, null, 1) + '\n',
    );
    commandLogger.info(`Wrote ${RELEASE_DIR}: ${recorded.length} answers`);
  } finally {
    await own?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    commandLogger.error('release:snapshot failed', err);
    process.exit(1);
  },
);
