import { readFileSync } from 'node:fs';
import { worstRejectionPercent } from '../../rejection/model';
import { parseRun } from '../dat';
import { VialFormatError } from '../errors';
import { computeMetrics } from '../metrics';
import { temperatureType, timeOutsideLimits } from '../temperature';

/** Prints one JSON line per run file; exits with 1 if any file could not be read or parsed. */
function describe(file: string): { ok: boolean; line: object } {
  try {
    const run = parseRun(readFileSync(file));
    const metrics = computeMetrics(run);
    const mkt = metrics.mean_kinetic_temperature;
    const type = mkt === null ? null : temperatureType(mkt);
    return {
      ok: true,
      line: {
        file,
        vial_uuid: run.header.vialUuid,
        sequence: run.header.sequence,
        start: new Date(run.header.startMs).toISOString(),
        sample_rate: run.header.sampleRate,
        metrics,
        temperature_type: type,
        ...(type && timeOutsideLimits(run, type)),
        rejection_percent: worstRejectionPercent(metrics.auc),
      },
    };
  } catch (error) {
    const code = error instanceof VialFormatError ? error.code : 'unreadable';
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, line: { file, error: { code, message } } };
  }
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('Usage: npm run metrics -- FILE.dat [FILE.dat ...]');
  process.exitCode = 1;
}
for (const file of files) {
  const { ok, line } = describe(file);
  console.log(JSON.stringify(line));
  if (!ok) process.exitCode = 1;
}
