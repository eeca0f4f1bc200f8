import fs from 'node:fs';
import readline from 'node:readline';
import { pipeline, Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import type { QueryRunner } from 'typeorm';
import { decryptStream, encryptStream } from './encryption';
import { nameInBackup, tablePath, writeHashed, type Manifest, type TableEntry } from './manifest';

/**
 * The database's rows, table by table, read in the backup's snapshot and loaded back into the
 * same schema. Each row is kept as PostgreSQL's own text form of the row (`row::text`), which
 * casts back to the row type exactly (numbers, bytea, jsonb, timestamps alike), one JSON string a
 * line, gzip-compressed. The schema itself is not dumped: a restore builds it by running the
 * migrations the backup names, so no client binary of the server's version is needed.
 */

/** TypeORM's own bookkeeping: a restore writes it by migrating. */
const MIGRATIONS_TABLE = 'migrations';
const FETCH_ROWS = 1000;
/** A batch of rows per INSERT: bounded in count and in text size (chart series are large). */
const BATCH_ROWS = 500;
const BATCH_CHARS = 8 * 1024 * 1024;

const quoted = (table: string) => `public."${table.replace(/"/g, '""')}"`;

/** The app's tables (schema public), but the migrations table. */
export async function appTables(runner: QueryRunner): Promise<string[]> {
  const rows: { name: string }[] = await runner.query(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> $1 ORDER BY c.relname`,
    [MIGRATIONS_TABLE],
  );
  return rows.map((r) => r.name);
}

/** The migrations applied, oldest first: the schema the rows belong to. */
export async function appliedMigrations(runner: QueryRunner): Promise<string[]> {
  const rows: { name: string }[] = await runner.query(
    `SELECT name FROM public."${MIGRATIONS_TABLE}" ORDER BY "timestamp", id`,
  );
  return rows.map((r) => r.name);
}

/** Writes every table's rows as the snapshot of `runner`'s transaction sees them. */
export async function dumpTables(
  runner: QueryRunner,
  dir: string,
  key?: Buffer,
): Promise<TableEntry[]> {
  const entries: TableEntry[] = [];
  for (const table of await appTables(runner)) {
    const entry = { table, file: `${table}.jsonl.gz`, rows: 0 };
    async function* lines() {
      await runner.query(
        `DECLARE backup_rows NO SCROLL CURSOR FOR
           SELECT backup_row::text AS row FROM ${quoted(table)} AS backup_row`,
      );
      for (;;) {
        const rows: { row: string }[] = await runner.query(`FETCH ${FETCH_ROWS} FROM backup_rows`);
        if (rows.length === 0) break;
        entry.rows += rows.length;
        yield rows.map((r) => JSON.stringify(r.row) + '\n').join('');
      }
      await runner.query('CLOSE backup_rows');
    }
    const file = tablePath(dir, entry);
    const stored = await writeHashed(
      Readable.from(lines()),
      file,
      createGzip(),
      ...(key ? [encryptStream(key, nameInBackup(dir, file))] : []),
    );
    entries.push({ ...entry, ...stored });
  }
  return entries;
}

/** Each sequence's last value (null: never used); read outside MVCC, so never behind the rows. */
export async function sequenceValues(runner: QueryRunner): Promise<Record<string, string | null>> {
  const rows: { name: string; value: string | null }[] = await runner.query(
    `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences
      WHERE schemaname = 'public' ORDER BY sequencename`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/** The tables in an order that inserts every referenced row before the rows referring to it. */
async function insertOrder(runner: QueryRunner, tables: string[]): Promise<string[]> {
  const edges: { child: string; parent: string }[] = await runner.query(
    `SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint c
       JOIN pg_class ch ON ch.oid = c.conrelid JOIN pg_class pa ON pa.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = ch.relnamespace
      WHERE c.contype = 'f' AND n.nspname = 'public' AND ch.oid <> pa.oid`,
  );
  const ordered: string[] = [];
  const pending = new Set(tables);
  while (pending.size > 0) {
    const ready = [...pending].filter((t) =>
      edges.every((e) => e.child !== t || !pending.has(e.parent)),
    );
    if (ready.length === 0) throw new Error(`Foreign keys form a cycle among ${[...pending]}`);
    for (const t of ready) {
      ordered.push(t);
      pending.delete(t);
    }
  }
  return ordered;
}

async function loadTable(
  runner: QueryRunner,
  dir: string,
  entry: TableEntry,
  key?: Buffer,
): Promise<void> {
  const insert = `INSERT INTO ${quoted(entry.table)}
    SELECT (r::${quoted(entry.table)}).* FROM unnest($1::text[]) AS u(r)`;
  let batch: string[] = [];
  let chars = 0;
  let rows = 0;
  const flush = async () => {
    if (batch.length) await runner.query(insert, [batch]);
    rows += batch.length;
    batch = [];
    chars = 0;
  };
  const file = tablePath(dir, entry);
  // Decrypted as read: the tag is checked at the end, before the caller's transaction commits.
  // A failure of any stage (a wrong key, a changed byte) ends the last one with it, which fails
  // the reading below.
  const done = () => undefined;
  const input = key
    ? pipeline(
        fs.createReadStream(file),
        decryptStream(key, nameInBackup(dir, file)),
        createGunzip(),
        done,
      )
    : pipeline(fs.createReadStream(file), createGunzip(), done);
  for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) {
    if (!line) continue;
    const row = JSON.parse(line) as string;
    batch.push(row);
    chars += row.length;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
  }
  await flush();
  if (rows !== entry.rows) {
    throw new Error(
      `${entry.table}: the backup holds ${rows} rows, its manifest says ${entry.rows}`,
    );
  }
}

/**
 * Loads the backup's rows into the empty tables of the same schema, inside `runner`'s
 * transaction. The tables' own triggers (the tallies) are off while loading: the tallies are
 * restored as they were, not counted again.
 */
export async function loadTables(
  runner: QueryRunner,
  dir: string,
  manifest: Manifest,
  key?: Buffer,
) {
  const tables = await appTables(runner);
  const backedUp = manifest.tables.map((t) => t.table).sort();
  if (tables.join() !== backedUp.join()) {
    throw new Error(
      `The schema's tables (${tables.join(', ')}) are not the backup's (${backedUp.join(', ')})`,
    );
  }
  for (const t of tables) await runner.query(`ALTER TABLE ${quoted(t)} DISABLE TRIGGER USER`);
  // Rows a migration itself inserted are in the backup too.
  await runner.query(`TRUNCATE ${tables.map(quoted).join(', ')}`);
  const byName = new Map(manifest.tables.map((t) => [t.table, t]));
  for (const t of await insertOrder(runner, tables)) {
    await loadTable(runner, dir, byName.get(t)!, key);
  }
  for (const t of tables) await runner.query(`ALTER TABLE ${quoted(t)} ENABLE TRIGGER USER`);
  for (const [name, value] of Object.entries(manifest.sequences)) {
    if (value !== null)
      await runner.query('SELECT setval($1::regclass, $2::bigint)', [quoted(name), value]);
  }
}
