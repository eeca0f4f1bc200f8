import fs from 'node:fs';
import path from 'node:path';
import {
  blobPath,
  hashFile,
  readManifest,
  tablePath,
  type Manifest,
  type StoredFile,
} from './manifest';

/** Every file under `dir`, as paths relative to `root`. */
async function filesUnder(root: string, dir: string): Promise<string[]> {
  const entries = await fs.promises
    .readdir(path.join(root, dir), { withFileTypes: true })
    .catch(() => []);
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? filesUnder(root, path.join(dir, e.name)) : [path.join(dir, e.name)],
    ),
  );
  return nested.flat();
}

/**
 * What in the backup folder differs from its manifest: a table file or blob missing, of another
 * size or another SHA-256, and files the manifest does not list. Empty when the backup is whole.
 */
export async function verifyBackup(dir: string, given?: Manifest): Promise<string[]> {
  const manifest = given ?? (await readManifest(dir));
  const problems: string[] = [];
  const listed = new Set<string>();
  const check = async (file: string, expected: StoredFile) => {
    const name = path.relative(dir, file);
    listed.add(name);
    const actual = await hashFile(file);
    if (!actual) problems.push(`${name}: missing`);
    else if (actual.sha256 !== expected.sha256 || actual.size !== expected.size) {
      problems.push(
        `${name}: ${actual.size} bytes with SHA-256 ${actual.sha256}, ` +
          `the manifest says ${expected.size} bytes with SHA-256 ${expected.sha256}`,
      );
    }
  };
  for (const table of manifest.tables) await check(tablePath(dir, table), table);
  for (const blob of manifest.blobs) await check(blobPath(dir, blob.sha256), blob.file ?? blob);
  for (const file of [
    ...(await filesUnder(dir, 'database')),
    ...(await filesUnder(dir, 'blobs')),
  ]) {
    if (!listed.has(file)) problems.push(`${file}: not in the manifest`);
  }
  return problems;
}
