import path from 'node:path';
import { encodeRun, parseRun } from './dat';
import { VialFormatError, type VialFormatErrorCode } from './errors';
import { measureRunFile, measureRunStream, RunMeasurer, type MeasuredRun } from './measure';
import { computeMetrics } from './metrics';
import { chartSeries } from './series';
import { SeededRandom, simulateRun } from './simulate';
import { temperatureType, timeOutsideLimits } from './temperature';
import { BAD_RUN_FILES, expected, FIXTURES_DIR, readFixture } from './testing/fixtures';

const fixtureFiles = Object.values(expected.records).map((record) => record.file);
const badFiles = Object.keys(BAD_RUN_FILES).map((name) => `bad/${name}`);

/** What measuring must give: the in-memory parse and computeMetrics, to the last bit. */
function inMemory(bytes: Uint8Array): MeasuredRun {
  const run = parseRun(bytes);
  const metrics = computeMetrics(run);
  const mkt = metrics.mean_kinetic_temperature;
  const type = mkt === null ? null : temperatureType(mkt);
  return {
    header: run.header,
    metrics,
    temperatureType: type,
    timeOutside: type && timeOutsideLimits(run, type),
  };
}

function emptyRun(): Uint8Array {
  return encodeRun({
    startMs: 0,
    sampleRate: 100,
    accelScale: 0.01,
    temperatureIntervalMs: 1000,
    temperatureScale: 0.01,
    vialUuid: '00000000-0000-4000-8000-000000000000',
    sequence: 1,
    accel: new Int16Array(0),
    temperature: new Int16Array(0),
  });
}

function outcome(measure: () => MeasuredRun): MeasuredRun | VialFormatErrorCode {
  try {
    return measure();
  } catch (error) {
    if (error instanceof VialFormatError) return error.code;
    throw error;
  }
}

/** Chunks of random sizes, each copied to an odd address so no sample lies aligned. */
function inRandomChunks(bytes: Uint8Array, random: SeededRandom): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length;) {
    const size = 1 + Math.floor(random.next() ** 3 * 50_000);
    const chunk = bytes.subarray(at, at + size);
    const odd = new Uint8Array(chunk.length + 1);
    odd.set(chunk, 1);
    chunks.push(odd.subarray(1));
    at += size;
  }
  return chunks;
}

function streamed(chunks: Uint8Array[]): MeasuredRun | VialFormatErrorCode {
  return outcome(() => {
    const measurer = new RunMeasurer();
    for (const chunk of chunks) measurer.push(chunk);
    return measurer.finish();
  });
}

describe('RunMeasurer', () => {
  const random = new SeededRandom(13);

  it.each([...fixtureFiles, ...badFiles])('agrees with parseRun + computeMetrics on %s', (file) => {
    const bytes = readFixture(file);
    const whole = outcome(() => inMemory(bytes));
    expect(streamed([bytes])).toEqual(whole);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(streamed(inRandomChunks(bytes, random))).toEqual(whole);
    }
  });

  it('splits samples anywhere, down to a byte at a time', () => {
    const bytes = simulateRun({ sampleRate: 1000, transitSeconds: 2, idleSeconds: 1, seed: 5 });
    const bytewise = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(streamed(bytewise)).toEqual(inMemory(bytes));
  });

  it('measures a run without samples or readings', () => {
    const empty = emptyRun();
    expect(streamed([empty])).toEqual(inMemory(empty));
  });

  it('keeps no chunk: a reused buffer gives the same figures', () => {
    const bytes = readFixture(fixtureFiles[0]);
    const buffer = new Uint8Array(4096);
    const measurer = new RunMeasurer();
    for (let at = 0; at < bytes.length; at += buffer.length) {
      const piece = bytes.subarray(at, at + buffer.length);
      buffer.set(piece);
      measurer.push(buffer.subarray(0, piece.length));
      buffer.fill(0xa5);
    }
    expect(measurer.finish()).toEqual(inMemory(bytes));
  });

  it('measures an async stream and a file', async () => {
    const file = fixtureFiles[1];
    const bytes = readFixture(file);
    async function* chunks(): AsyncGenerator<Uint8Array> {
      yield* inRandomChunks(bytes, random);
    }
    await expect(measureRunStream(chunks())).resolves.toEqual(inMemory(bytes));
    expect(measureRunFile(path.join(FIXTURES_DIR, file))).toEqual(inMemory(bytes));
  });
});

describe('RunMeasurer asked for chart series', () => {
  const random = new SeededRandom(21);

  function seriesOf(chunks: Uint8Array[]) {
    const measurer = new RunMeasurer({ chartSeries: true });
    for (const chunk of chunks) measurer.push(chunk);
    return measurer.finish().series;
  }

  it.each(fixtureFiles)('gives what chartSeries gives on %s, to the bit, in any split', (file) => {
    const bytes = readFixture(file);
    const whole = chartSeries(parseRun(bytes));
    expect(seriesOf([bytes])).toEqual(whole);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(seriesOf(inRandomChunks(bytes, random))).toEqual(whole);
    }
  });

  it.each([100, 451, 1000, 1600])('does so for a simulated run at %d Hz', (sampleRate) => {
    const bytes = simulateRun({ sampleRate, transitSeconds: 12, idleSeconds: 2, seed: sampleRate });
    const whole = chartSeries(parseRun(bytes));
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(seriesOf(inRandomChunks(bytes, random))).toEqual(whole);
    }
  });

  it('splits samples anywhere, down to a byte at a time', () => {
    const bytes = simulateRun({ sampleRate: 1000, transitSeconds: 5, idleSeconds: 1, seed: 8 });
    const bytewise = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(seriesOf(bytewise)).toEqual(chartSeries(parseRun(bytes)));
  });

  it('measures the same figures as without them, and a run without samples', () => {
    for (const bytes of [readFixture(fixtureFiles[0]), emptyRun()]) {
      const measurer = new RunMeasurer({ chartSeries: true });
      measurer.push(bytes);
      const { series, ...measured } = measurer.finish();
      expect(measured).toEqual(inMemory(bytes));
      expect(series).toEqual(chartSeries(parseRun(bytes)));
    }
  });
});
