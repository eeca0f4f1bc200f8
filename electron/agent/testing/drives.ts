import {
  chmodSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { simulateDrive, simulateRun } from '../../../shared/vial/simulate';
import { FIXTURES_DIR } from '../../../shared/vial/testing/fixtures';

const made: string[] = [];

function makeWritable(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) makeWritable(full);
    else chmodSync(full, 0o644);
  }
}

/** A private, writable copy of a fixture drive (`drive-1`, `drive-2`), as a mounted vial. */
export function copyFixtureDrive(name: 'drive-1' | 'drive-2'): string {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'vialqc-drive-'));
  made.push(parent);
  const root = path.join(parent, name);
  cpSync(path.join(FIXTURES_DIR, name), root, { recursive: true });
  makeWritable(root);
  return root;
}

/** A fixture drive whose tag is replaced by one of the broken tags in fixtures/bad. */
export function driveWithTag(badTag: 'tag-87-bytes.bin' | 'tag-empty-serial.bin'): string {
  const root = copyFixtureDrive('drive-1');
  writeFileSync(
    path.join(root, 'VIALTAG.BIN'),
    readFileSync(path.join(FIXTURES_DIR, 'bad', badTag)),
  );
  return root;
}

export function removeDrives(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export const runFilesOn = (root: string): string[] => readdirSync(path.join(root, 'DATA')).sort();

export const sha256Of = (file: string): string =>
  createHash('sha256').update(readFileSync(file)).digest('hex');

/** SHA-256 of every run of a drive, by file name. */
export function runHashes(root: string): Map<string, string> {
  return new Map(runFilesOn(root).map((name) => [name, sha256Of(path.join(root, 'DATA', name))]));
}

/** A simulated vial drive with a few short runs (seeded: same serial, same UUID). */
export function simulatedDrive(serial: string, seed: number, runs = 2) {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'vialqc-drive-'));
  made.push(parent);
  const root = path.join(parent, serial);
  const drive = simulateDrive(root, { serial, seed, runs, transitSeconds: 20, idleSeconds: 2 });
  return { root, uuid: drive.uuid };
}

/** A valid run of 12 kB per second (about 2 MB by default) for the vial, in its DATA folder. */
export function addLargeRun(root: string, vialUuid: string, seconds = 180): string {
  const bytes = simulateRun({
    vialUuid,
    sampleRate: 2000,
    transitSeconds: seconds - 20,
    idleSeconds: 10,
    sequence: 99,
  });
  writeFileSync(path.join(root, 'DATA', 'RUN00099.DAT'), bytes);
  return 'DATA/RUN00099.DAT';
}
