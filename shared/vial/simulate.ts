import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { encodeRun } from './dat';
import { BiquadFilter, butterworthLowpass, type BiquadCoefficients } from './lowpass';
import { buildTag, bytesToUuid } from './tag';

/**
 * A vial drive simulator: pneumatic-tube runs that look like the real thing to the parser, the
 * metrics and the charts. Everything derives from the seed, so a seed names a drive.
 */

export type SimulatedError = 'none' | 'flatline' | 'short' | 'norun' | 'crc' | 'truncated';
export const SIMULATED_ERRORS: readonly SimulatedError[] = [
  'none',
  'flatline',
  'short',
  'norun',
  'crc',
  'truncated',
];
export type TemperatureProfile = 'ambient' | 'refrigerated' | 'frozen';
export const TEMPERATURE_PROFILES: readonly TemperatureProfile[] = [
  'ambient',
  'refrigerated',
  'frozen',
];

export interface SimulateRunOptions {
  seed?: number;
  /** Hz; 400 keeps demo data small and below the 225 Hz filter's reach. */
  sampleRate?: number;
  /** Scales vibration and shocks; 1 is a typical tube system, 0.3 smooth, 3 rough. */
  roughness?: number;
  /** Seconds from launch to arrival. */
  transitSeconds?: number;
  /** Seconds at rest before launch and again after arrival. */
  idleSeconds?: number;
  startMs?: number;
  temperature?: TemperatureProfile;
  temperatureIntervalMs?: number;
  vialUuid?: string;
  sequence?: number;
  error?: SimulatedError;
}

/** 2025-11-21 06:00 UTC, the fixtures' day: a default start that does not depend on the clock. */
export const SIMULATION_EPOCH_MS = Date.UTC(2025, 10, 21, 6);
const DEFAULT_UUID = '00000000-0000-4000-8000-000000000000';
/** g per count: a ±64 g sensor, exactly representable in f32 (as in the fixtures). */
const ACCEL_SCALE = 1 / 512;
/** °C per count. */
const TEMPERATURE_SCALE = 0.01;
const SENSOR_NOISE_G = 0.004;
/** Per-axis RMS of the tube's band-limited vibration at roughness 1. */
const VIBRATION_G = 1.1;
const VIBRATION_BAND_HZ = 80;
/** Broadband rattle up to Nyquist, what the 225 Hz filter of auc_225hz removes. */
const RATTLE_G = 0.15;
/** A vial carried by hand on the norun error: real movement, never 0.5 g. */
const HANDLING_G = 0.03;
const SECONDS_BETWEEN_BENDS = 8;
const SHORT_TRANSIT_SECONDS = 4;
const FLATLINE_STUCK_SECONDS = 3;
// Module bindings rather than `Math.x` in the hot loops: inside a vm context (Jest, where the
// server's demo seeding also runs) every global lookup costs about half a microsecond.
const { PI, abs, ceil, cos, floor, imul, log, max, min, round, sin, sqrt } = Math;
/** Scales a uniform variable on [−0.5, 0.5) to unit variance. */
const UNIT_VARIANCE_UNIFORM = sqrt(12);

const TEMPERATURE_LEVELS: Record<TemperatureProfile, number> = {
  ambient: 22,
  refrigerated: 5,
  frozen: -18,
};

/** mulberry32 with Box–Muller normals: small, fast, and the same sequence for the same seed. */
export class SeededRandom {
  private state: number;
  private spareNormal = 0;
  private hasSpareNormal = false;

  constructor(seed: number) {
    this.state = seed | 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    // The state stays a signed 32-bit integer so that V8 keeps it unboxed.
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = imul(this.state ^ (this.state >>> 15), this.state | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  between(low: number, high: number): number {
    return low + (high - low) * this.next();
  }

  normal(): number {
    if (this.hasSpareNormal) {
      this.hasSpareNormal = false;
      return this.spareNormal;
    }
    const radius = sqrt(-2 * log(1 - this.next()));
    const angle = 2 * PI * this.next();
    this.spareNormal = radius * sin(angle);
    this.hasSpareNormal = true;
    return radius * cos(angle);
  }

  /**
   * Zero-mean, unit-variance uniform noise: several times cheaper than normal() and as good
   * where the shape does not matter (white sensor noise, the input of a band filter).
   */
  noise(): number {
    return (this.next() - 0.5) * UNIT_VARIANCE_UNIFORM;
  }

  /** A random (version 4) UUID drawn from this generator. */
  uuid(): string {
    const bytes = Uint8Array.from({ length: 16 }, () => floor(this.next() * 256));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    return bytesToUuid(bytes);
  }
}

/** A half-sine shock: a bend taken at speed, the launch or the arrival. */
interface Shock {
  startSample: number;
  lengthSamples: number;
  /** Peak g per axis. */
  amplitude: [number, number, number];
}

function shock(
  random: SeededRandom,
  atSeconds: number,
  seconds: number,
  peakG: number,
  sampleRate: number,
): Shock {
  const direction = random.between(0, 2 * PI);
  return {
    startSample: round(atSeconds * sampleRate),
    lengthSamples: max(2, round(seconds * sampleRate)),
    amplitude: [peakG * cos(direction), peakG * sin(direction), peakG * random.between(-0.3, 0.3)],
  };
}

function transitShocks(
  random: SeededRandom,
  launch: number,
  arrival: number,
  roughness: number,
  sampleRate: number,
): Shock[] {
  const shocks = [shock(random, launch, 0.15, 3 * roughness, sampleRate)];
  for (
    let at = launch + random.between(1, SECONDS_BETWEEN_BENDS);
    at < arrival - 1;
    at += random.between(0.5, 2) * SECONDS_BETWEEN_BENDS
  ) {
    shocks.push(
      shock(random, at, random.between(0.1, 0.4), random.between(1.5, 4) * roughness, sampleRate),
    );
  }
  shocks.push(
    shock(
      random,
      arrival,
      random.between(0.02, 0.04),
      random.between(8, 14) * sqrt(roughness),
      sampleRate,
    ),
  );
  return shocks;
}

/** RMS of the filter's response to unit white noise, to scale the vibration to a target RMS. */
function noiseGain(coefficients: BiquadCoefficients, sampleRate: number): number {
  const filter = new BiquadFilter(coefficients);
  let energy = filter.step(1) ** 2;
  for (let i = 0; i < sampleRate; i++) energy += filter.step(0) ** 2;
  return sqrt(energy);
}

function toCount(value: number, scale: number): number {
  return max(-32768, min(32767, round(value / scale)));
}

interface Timeline {
  sampleRate: number;
  sampleCount: number;
  launch: number;
  arrival: number;
}

function simulateAcceleration(
  random: SeededRandom,
  timeline: Timeline,
  roughness: number,
  moving: boolean,
): Int16Array {
  const { sampleRate, sampleCount, launch, arrival } = timeline;
  const band = butterworthLowpass(sampleRate, min(VIBRATION_BAND_HZ, 0.4 * sampleRate));
  const bandScale = (VIBRATION_G * roughness) / noiseGain(band, sampleRate);
  const axes = [new BiquadFilter(band), new BiquadFilter(band), new BiquadFilter(band)];
  const shocks = moving ? transitShocks(random, launch, arrival, roughness, sampleRate) : [];
  // The vial lies slightly tilted in its carrier; gravity keeps |g| = 1.
  const tilt = random.normal() * 0.1;
  const gravity = [sin(tilt), 0, cos(tilt)];
  const swellPhase = random.between(0, 2 * PI);
  const accel = new Int16Array(3 * sampleCount);
  let nextShock = 0;
  const active: Shock[] = [];

  for (let i = 0; i < sampleCount; i++) {
    const t = i / sampleRate;
    const inTransit = t >= launch && t < arrival;
    // Vibration swells and fades along the route and ramps in and out over a second.
    const envelope = !inTransit
      ? 0
      : min(1, t - launch, arrival - t) * (1 + 0.4 * sin((2 * PI * t) / 17 + swellPhase));
    while (nextShock < shocks.length && shocks[nextShock].startSample <= i) {
      active.push(shocks[nextShock++]);
    }
    for (let s = active.length - 1; s >= 0; s--) {
      if (i >= active[s].startSample + active[s].lengthSamples) active.splice(s, 1);
    }
    // White noise: the sensor's own, plus broadband rattle in the tube (or hand movement).
    const extraWhiteG = envelope * (moving ? RATTLE_G * roughness : HANDLING_G);
    const whiteG = sqrt(SENSOR_NOISE_G ** 2 + extraWhiteG ** 2);
    for (let axis = 0; axis < 3; axis++) {
      let g = gravity[axis] + whiteG * random.noise();
      if (moving && inTransit) g += envelope * bandScale * axes[axis].step(random.noise());
      for (const s of active) {
        g += s.amplitude[axis] * sin((PI * (i - s.startSample)) / s.lengthSamples);
      }
      accel[3 * i + axis] = toCount(g, ACCEL_SCALE);
    }
  }
  return accel;
}

/** Readings that wander slowly around the profile's level (a mean-reverting random walk). */
function simulateTemperature(
  random: SeededRandom,
  profile: TemperatureProfile,
  count: number,
): Int16Array {
  const level = TEMPERATURE_LEVELS[profile] + random.normal() * 0.7;
  let celsius = level + random.normal() * 0.3;
  return Int16Array.from({ length: count }, () => {
    celsius += 0.02 * (level - celsius) + 0.03 * random.normal();
    return toCount(celsius, TEMPERATURE_SCALE);
  });
}

/** A stuck sensor: the same x, y, z counts for a few seconds in mid-transit. */
function freezeSensor(accel: Int16Array, from: number, length: number): void {
  for (let i = from + 1; i < from + length; i++) accel.copyWithin(3 * i, 3 * from, 3 * from + 3);
}

/** One run file (.dat), bytes as the vial would write them, with the requested defect. */
export function simulateRun(options: SimulateRunOptions = {}): Uint8Array {
  const random = new SeededRandom(options.seed ?? 1);
  const sampleRate = options.sampleRate ?? 400;
  const error = options.error ?? 'none';
  const idle = options.idleSeconds ?? 10;
  const requestedTransit = options.transitSeconds ?? 120;
  const transit =
    error === 'short' ? min(requestedTransit, SHORT_TRANSIT_SECONDS) : requestedTransit;
  const totalSeconds = 2 * idle + transit;
  const timeline: Timeline = {
    sampleRate,
    sampleCount: round(totalSeconds * sampleRate),
    launch: idle,
    arrival: idle + transit,
  };
  const accel = simulateAcceleration(random, timeline, options.roughness ?? 1, error !== 'norun');
  if (error === 'flatline') {
    const stuckSamples = ceil(FLATLINE_STUCK_SECONDS * sampleRate);
    freezeSensor(accel, round((idle + transit / 2) * sampleRate), stuckSamples);
  }
  const temperatureIntervalMs = options.temperatureIntervalMs ?? 1000;
  const temperature = simulateTemperature(
    random,
    options.temperature ?? 'ambient',
    ceil((totalSeconds * 1000) / temperatureIntervalMs),
  );
  const bytes = encodeRun({
    startMs: options.startMs ?? SIMULATION_EPOCH_MS,
    sampleRate,
    accelScale: ACCEL_SCALE,
    temperatureIntervalMs,
    temperatureScale: TEMPERATURE_SCALE,
    vialUuid: options.vialUuid ?? DEFAULT_UUID,
    sequence: options.sequence ?? 1,
    accel,
    temperature,
  });
  if (error === 'crc') bytes[bytes.length >> 1] ^= 0x01;
  return error === 'truncated' ? bytes.slice(0, bytes.length >> 1) : bytes;
}

export interface SimulateDriveOptions extends Omit<
  SimulateRunOptions,
  'seed' | 'vialUuid' | 'sequence' | 'startMs' | 'transitSeconds'
> {
  seed?: number;
  runs?: number;
  /** Every run's transit; by default each draws 60–180 s. */
  transitSeconds?: number;
  /** The first run's start; later runs follow about an hour apart. */
  startMs?: number;
  serial?: string;
  uuid?: string;
  firmwareVersion?: number;
}

export interface SimulatedDrive {
  uuid: string;
  serial: string;
  /** Absolute paths of the run files written, in sequence order. */
  files: string[];
}

export function runFileName(sequence: number): string {
  return `RUN${String(sequence).padStart(5, '0')}.DAT`;
}

/** Writes VIALTAG.BIN and DATA/RUNnnnnn.DAT into `dir`; the error option applies to every run. */
export function simulateDrive(dir: string, options: SimulateDriveOptions = {}): SimulatedDrive {
  const {
    runs = 5,
    seed = 1,
    serial,
    uuid,
    firmwareVersion = 3,
    startMs,
    transitSeconds,
    ...run
  } = options;
  const random = new SeededRandom(seed);
  const vialUuid = uuid ?? random.uuid();
  const vialSerial = serial ?? `VV-${1000 + (abs(seed) % 9000)}`;
  const dataDir = path.join(dir, 'DATA');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    path.join(dir, 'VIALTAG.BIN'),
    buildTag({ uuid: vialUuid, serial: vialSerial, firmwareVersion }),
  );
  let runStartMs = startMs ?? SIMULATION_EPOCH_MS;
  const files = Array.from({ length: runs }, (_, index) => {
    const sequence = index + 1;
    const file = path.join(dataDir, runFileName(sequence));
    const bytes = simulateRun({
      ...run,
      seed: floor(random.next() * 2 ** 32),
      roughness: (run.roughness ?? 1) * random.between(0.75, 1.25),
      transitSeconds: transitSeconds ?? random.between(60, 180),
      startMs: runStartMs,
      vialUuid,
      sequence,
    });
    writeFileSync(file, bytes);
    runStartMs += round(random.between(0.5, 1.5) * 3_600_000);
    return file;
  });
  return { uuid: vialUuid, serial: vialSerial, files };
}
