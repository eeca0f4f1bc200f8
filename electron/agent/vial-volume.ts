import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { encodeSyncTime, parseTag, SYNC_TIME_OFFSET, type VialTag } from '../../shared/vial/tag';
import type { VialRunFile } from '../../shared/ipc/vial-drive';

/** What a vial's root holds (vial-data.md section 1); names are matched case-insensitively. */
const TAG_FILE = 'vialtag.bin';
const DATA_DIR = 'data';
const RUN_EXTENSION = '.dat';

async function entriesOf(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** The tag file's path when the volume is a vial, else null. */
export async function findTagFile(root: string): Promise<string | null> {
  const tag = (await entriesOf(root)).find((e) => e.isFile() && e.name.toLowerCase() === TAG_FILE);
  return tag ? path.join(root, tag.name) : null;
}

export async function readTag(tagPath: string): Promise<VialTag> {
  return parseTag(await readFile(tagPath));
}

/** The run files in DATA/ and in the root, with their sizes, in name order. */
export async function listRunFiles(root: string): Promise<VialRunFile[]> {
  const rootEntries = await entriesOf(root);
  const dataDirs = rootEntries.filter((e) => e.isDirectory() && e.name.toLowerCase() === DATA_DIR);
  const candidates = [
    ...rootEntries.map((e) => ({ entry: e, relative: e.name })),
    ...(
      await Promise.all(
        dataDirs.map(async (dir) =>
          (await entriesOf(path.join(root, dir.name))).map((e) => ({
            entry: e,
            relative: `${dir.name}/${e.name}`,
          })),
        ),
      )
    ).flat(),
  ].filter(({ entry }) => entry.isFile() && entry.name.toLowerCase().endsWith(RUN_EXTENSION));
  const files = await Promise.all(
    candidates.map(async ({ relative }) => {
      try {
        return { path: relative, size: (await stat(path.join(root, relative))).size };
      } catch {
        return null; // gone between listing and stat
      }
    }),
  );
  return files
    .filter((f): f is VialRunFile => f !== null)
    .sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Records a complete sync in the tag: the 4 bytes at SYNC_TIME_OFFSET, written in place. The
 * rest of the file is never rewritten or truncated (the vial's firmware owns it).
 */
export async function writeSyncTime(tagPath: string, seconds: number): Promise<void> {
  const handle = await open(tagPath, 'r+');
  try {
    const bytes = encodeSyncTime(seconds);
    await handle.write(bytes, 0, bytes.length, SYNC_TIME_OFFSET);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
