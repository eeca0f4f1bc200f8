import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDif, type DifRow } from '../../shared/vial/dif';
import { findTagFile, listRunFiles, readTag } from './vial-volume';

export interface DifComparison {
  /** The vial the drive's tag names (null when the drive has no readable tag). */
  driveLabel: string | null;
  difLabel: string;
  /** Runs on the drive the DIF file does not hold: never uploaded. */
  notUploaded: { path: string; sha256: string }[];
  /** Runs the DIF file holds that are no longer on the drive. */
  notOnDrive: DifRow[];
  /** Runs both have. */
  matched: number;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Compares a vial's drive with the server's data inventory (DIF) file of it, by SHA-256: which
 * runs on the drive were never uploaded, and which uploaded runs the drive no longer has.
 */
export async function compareDriveWithDif(root: string, difPath: string): Promise<DifComparison> {
  const dif = parseDif(await readFile(difPath, 'utf8'));
  const tagFile = await findTagFile(root);
  let driveLabel: string | null = null;
  if (tagFile) {
    try {
      driveLabel = (await readTag(tagFile)).serial;
    } catch {
      driveLabel = null;
    }
  }
  const onDrive = await Promise.all(
    (await listRunFiles(root)).map(async (f) => ({
      path: f.path,
      sha256: await sha256Of(path.join(root, f.path)),
    })),
  );
  const inDif = new Set(dif.rows.map((r) => r.sha256));
  const driveHashes = new Set(onDrive.map((f) => f.sha256));
  return {
    driveLabel,
    difLabel: dif.label,
    notUploaded: onDrive.filter((f) => !inDif.has(f.sha256)),
    notOnDrive: dif.rows.filter((r) => !driveHashes.has(r.sha256)),
    matched: onDrive.filter((f) => inDif.has(f.sha256)).length,
  };
}

/** The report `--check-dif` prints; exit code 1 when a run on the drive was never uploaded. */
export function describeComparison(c: DifComparison): { lines: string[]; exitCode: number } {
  const lines: string[] = [];
  if (c.driveLabel !== null && c.driveLabel !== c.difLabel)
    lines.push(`Warning: the drive is ${c.driveLabel}, the DIF file is of ${c.difLabel}.`);
  lines.push(
    `${c.difLabel}: ${c.matched} run${c.matched === 1 ? '' : 's'} on the drive and on the server.`,
  );
  lines.push(`On the drive, never uploaded (${c.notUploaded.length}):`);
  for (const f of c.notUploaded) lines.push(`  ${f.path} ${f.sha256}`);
  lines.push(`On the server, no longer on the drive (${c.notOnDrive.length}):`);
  for (const r of c.notOnDrive)
    lines.push(
      `  ${r.file_name || '(unnamed)'} ${r.sha256} run ${r.run_start} record ${r.record_id}`,
    );
  const exitCode = c.notUploaded.length > 0 ? 1 : 0;
  lines.push(
    exitCode
      ? 'Some runs on the drive were never uploaded.'
      : 'Every run on the drive is on the server.',
  );
  return { lines, exitCode };
}

/** `npm run agent -- --drive DIR --check-dif FILE`: prints the comparison, answers the exit code. */
export async function runCheckDif(
  root: string,
  difPath: string,
  print: (line: string) => void = console.log,
): Promise<number> {
  const { lines, exitCode } = describeComparison(await compareDriveWithDif(root, difPath));
  lines.forEach((l) => print(l));
  return exitCode;
}
