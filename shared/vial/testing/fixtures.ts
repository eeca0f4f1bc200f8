import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Analyte } from '../../rejection/model';
import type { RecordMetrics } from '../record-metrics';

/** The shared fixtures sit beside the repository (../shared), read-only. */
const REPO_ROOT = path.resolve(__dirname, '../../..');
export const FIXTURES_DIR = path.resolve(REPO_ROOT, '../shared/fixtures/vial-drives');

export interface ExpectedRecord extends RecordMetrics {
  file: string;
  start_ms: number;
  vial_serial: string;
  vial_uuid: string;
}

export interface ExpectedRejection {
  analyte: Analyte;
  value: number;
  cutoff: number;
  probability: number;
  low: number;
  high: number;
}

export function readFixture(relativePath: string): Buffer {
  return readFileSync(path.join(FIXTURES_DIR, relativePath));
}

export const expected: {
  records: Record<string, ExpectedRecord>;
  rejection: ExpectedRejection[];
} = JSON.parse(readFixture('expected.json').toString('utf8'));

export const BAD_RUN_FILES = {
  'bad-magic.dat': 'bad_magic',
  'crc-mismatch.dat': 'crc_mismatch',
  'empty.dat': 'short_header',
  'truncated.dat': 'length_mismatch',
} as const;

/** The metrics compared to a relative error, and the flags compared exactly. */
export const FLOAT_METRICS = [
  'auc',
  'auc_225hz',
  'power',
  'maximum_acceleration',
  'duration',
  'mean_kinetic_temperature',
  'minimum_temperature',
  'maximum_temperature',
] as const;
export const FLAG_METRICS = ['no_run_error', 'short_run_error', 'flatline_error'] as const;

/** The tolerance of vial-data.md for every float of expected.json. */
export function relativeError(actual: number, wanted: number): number {
  return wanted === 0 ? Math.abs(actual) : Math.abs(actual - wanted) / Math.abs(wanted);
}
