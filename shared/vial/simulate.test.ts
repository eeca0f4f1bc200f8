import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseRun } from './dat';
import { type VialFormatError } from './errors';
import { computeMetrics } from './metrics';
import { simulateDrive, simulateRun } from './simulate';
import { parseTag } from './tag';
import { temperatureType } from './temperature';

const metricsOf = (bytes: Uint8Array) => computeMetrics(parseRun(bytes));

describe('simulateRun', () => {
  it('is deterministic from its seed', () => {
    // Buffer.equals: Jest's deep equality walks typed arrays element by element, far too slowly.
    const bytes = (seed: number): Buffer => Buffer.from(simulateRun({ seed, transitSeconds: 30 }));
    expect(bytes(5).equals(bytes(5))).toBe(true);
    expect(bytes(5).equals(bytes(6))).toBe(false);
  });

  it('gives a plausible clean tube run', () => {
    const run = parseRun(simulateRun({ seed: 3, transitSeconds: 120, startMs: 1_700_000_000_000 }));
    const metrics = computeMetrics(run);
    expect(run.header).toMatchObject({ sampleRate: 400, startMs: 1_700_000_000_000 });
    expect(metrics.duration).toBe(140);
    expect(metrics.auc).toBeGreaterThan(50);
    expect(metrics.auc).toBeLessThan(400);
    expect(metrics.maximum_acceleration).toBeGreaterThan(5);
    expect(metrics.maximum_acceleration).toBeLessThan(40);
    expect(metrics).toMatchObject({
      no_run_error: false,
      short_run_error: false,
      flatline_error: false,
    });
    expect(temperatureType(metrics.mean_kinetic_temperature!)).toBe('ambient');
  });

  it('gives a higher VitalMetric on a rougher line', () => {
    const aucs = [0.3, 1, 3].map((roughness) => metricsOf(simulateRun({ seed: 9, roughness })).auc);
    expect(aucs[0]).toBeLessThan(aucs[1]);
    expect(aucs[1]).toBeLessThan(aucs[2]);
  });

  it('filters high-rate runs for auc_225hz', () => {
    const metrics = metricsOf(simulateRun({ seed: 2, sampleRate: 1600, transitSeconds: 30 }));
    expect(metrics.auc_225hz).toBeLessThan(metrics.auc);
    expect(metrics.auc_225hz).toBeGreaterThan(0.8 * metrics.auc);
  });

  it.each([
    ['flatline', 'flatline_error'],
    ['short', 'short_run_error'],
    ['norun', 'no_run_error'],
  ] as const)('raises the flag of the %s error', (error, flag) => {
    const metrics = metricsOf(simulateRun({ seed: 4, error }));
    const flags = {
      no_run_error: false,
      short_run_error: false,
      flatline_error: false,
      [flag]: true,
    };
    expect(metrics).toMatchObject(flags);
  });

  it.each([
    ['crc', 'crc_mismatch'],
    ['truncated', 'length_mismatch'],
  ] as const)('makes a %s file that parseRun refuses', (error, code) => {
    expect(() => parseRun(simulateRun({ seed: 4, error }))).toThrow(
      expect.objectContaining({ code }) as VialFormatError,
    );
  });

  it.each([
    ['refrigerated', 'refrigerated'],
    ['frozen', 'frozen'],
  ] as const)('keeps a %s run %s', (temperature, type) => {
    const metrics = metricsOf(simulateRun({ seed: 8, temperature, transitSeconds: 10 }));
    expect(temperatureType(metrics.mean_kinetic_temperature!)).toBe(type);
  });
});

describe('simulateDrive', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vial-drive-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a tag and numbered runs of that vial', () => {
    const drive = simulateDrive(dir, { runs: 3, seed: 11, serial: 'VV-2001', transitSeconds: 20 });
    const tag = parseTag(readFileSync(path.join(dir, 'VIALTAG.BIN')));
    expect(tag).toMatchObject({ serial: 'VV-2001', uuid: drive.uuid, lastSyncSeconds: 0 });
    expect(drive.files.map((file) => path.relative(dir, file))).toEqual([
      path.join('DATA', 'RUN00001.DAT'),
      path.join('DATA', 'RUN00002.DAT'),
      path.join('DATA', 'RUN00003.DAT'),
    ]);
    const headers = drive.files.map((file) => parseRun(readFileSync(file)).header);
    expect(headers.map((header) => header.sequence)).toEqual([1, 2, 3]);
    expect(headers.every((header) => header.vialUuid === tag.uuid)).toBe(true);
    expect(headers[1].startMs).toBeGreaterThan(headers[0].startMs);
  });
});
