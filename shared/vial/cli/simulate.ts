import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  SIMULATED_ERRORS,
  simulateDrive,
  TEMPERATURE_PROFILES,
  type SimulatedError,
  type TemperatureProfile,
} from '../simulate';

const USAGE = `Usage: npm run simulate -- --out DIR [--runs N] [--seed S] [--rate HZ] [--roughness R]
  [--transit SECONDS] [--error ${SIMULATED_ERRORS.join('|')}]
  [--temperature ${TEMPERATURE_PROFILES.join('|')}] [--serial VV-1234] [--uuid UUID]
  [--start ISO-8601]

Writes a simulated vial drive (VIALTAG.BIN and DATA/RUNnnnnn.DAT) into DIR. The same seed always
gives the same drive; --error applies to every run.`;

function numberOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`--${name} must be a number, got "${value}"`);
  return parsed;
}

function oneOf<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new Error(`--${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  }
  return value as T;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      runs: { type: 'string' },
      seed: { type: 'string' },
      rate: { type: 'string' },
      roughness: { type: 'string' },
      transit: { type: 'string' },
      error: { type: 'string' },
      temperature: { type: 'string' },
      serial: { type: 'string' },
      uuid: { type: 'string' },
      start: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.out) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  const startMs = values.start === undefined ? undefined : Date.parse(values.start);
  if (Number.isNaN(startMs))
    throw new Error(`--start must be an ISO-8601 time, got "${values.start}"`);
  const drive = simulateDrive(path.resolve(values.out), {
    runs: numberOption('runs', values.runs),
    seed: numberOption('seed', values.seed),
    sampleRate: numberOption('rate', values.rate),
    roughness: numberOption('roughness', values.roughness),
    transitSeconds: numberOption('transit', values.transit),
    error: oneOf<SimulatedError>('error', values.error, SIMULATED_ERRORS),
    temperature: oneOf<TemperatureProfile>('temperature', values.temperature, TEMPERATURE_PROFILES),
    serial: values.serial,
    uuid: values.uuid,
    startMs,
  });
  console.log(`Vial ${drive.serial} (${drive.uuid}): ${drive.files.length} runs`);
  for (const file of drive.files) console.log(`  ${file}`);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
