import { worstRejectionPercent } from '../../rejection/model';
import { VialFormatError } from '../errors';
import { measureRunFile } from '../measure';

/*
 * `npm run metrics -- FILE.dat ...`. The script starts node with tsx's CommonJS hook rather than
 * the tsx command (which starts a second node process and an ESM loader thread: 0.2 s a call), and
 * with --no-use-osr: the pass is fed in 64 kB pieces, each a call of its own, so the optimizer
 * compiles the loop as a whole; swapping optimized code in mid-loop instead left a version that
 * boxed every number (1,400 young-generation collections over ten one-hour runs against 20, and
 * a third slower).
 */

/** Prints one JSON line per run file; exits with 1 if any file could not be read or parsed. */
function describe(file: string): { ok: boolean; line: object } {
  try {
    const { header, metrics, temperatureType, timeOutside } = measureRunFile(file);
    return {
      ok: true,
      line: {
        file,
        vial_uuid: header.vialUuid,
        sequence: header.sequence,
        start: new Date(header.startMs).toISOString(),
        sample_rate: header.sampleRate,
        metrics,
        temperature_type: temperatureType,
        ...timeOutside,
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
