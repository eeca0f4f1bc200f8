import {
  checkRunStream,
  encodeRun,
  parseRun,
  parseRunHeader,
  RUN_HEADER_SIZE,
  RunFileChecker,
  type RunContents,
  type RunHeader,
} from './dat';
import { VialFormatError, type VialFormatErrorCode } from './errors';
import { SeededRandom } from './simulate';
import { BAD_RUN_FILES, expected, readFixture } from './testing/fixtures';

const CONTENTS: RunContents = {
  startMs: 1763700000000,
  sampleRate: 100,
  accelScale: 0.01,
  temperatureIntervalMs: 1000,
  temperatureScale: 0.01,
  vialUuid: '31a4d597-e502-4e58-8e69-cb6af55a89d0',
  sequence: 9,
  accel: Int16Array.from([1, -2, 100, 3, 4, -32768, 5, 6, 32767]),
  temperature: Int16Array.from([2200, -1850]),
};

function codeOf(check: () => unknown): VialFormatErrorCode | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (error instanceof VialFormatError) return error.code;
    throw error;
  }
}

/** A valid header with one field overwritten (the CRC is not re-computed: header checks come first). */
function withHeaderField(offset: number, write: (view: DataView) => void): Uint8Array {
  const bytes = encodeRun(CONTENTS);
  write(new DataView(bytes.buffer, bytes.byteOffset + offset));
  return bytes;
}

const fixtureFiles = Object.values(expected.records).map((record) => record.file);
const badFiles = Object.keys(BAD_RUN_FILES).map((name) => `bad/${name}`);

describe('parseRun', () => {
  it.each(fixtureFiles)('reads the header of %s', (file) => {
    const record = Object.values(expected.records).find((r) => r.file === file)!;
    const { header, accel, temperature } = parseRun(readFixture(file));
    expect(header.startMs).toBe(record.start_ms);
    expect(header.vialUuid).toBe(record.vial_uuid);
    expect(header.sampleCount / header.sampleRate || 0).toBe(record.duration);
    expect(accel).toHaveLength(3 * header.sampleCount);
    expect(temperature).toHaveLength(header.temperatureCount);
  });

  it('uses the f32 scales exactly as stored', () => {
    const { header } = parseRun(readFixture(fixtureFiles[0]));
    expect(header.temperatureScale).toBe(0.009999999776482582);
  });

  it('round-trips encodeRun and shares memory with the file', () => {
    const bytes = encodeRun(CONTENTS);
    const run = parseRun(bytes);
    expect(run.header).toMatchObject({
      startMs: CONTENTS.startMs,
      sampleRate: 100,
      accelScale: Math.fround(0.01),
      sampleCount: 3,
      temperatureCount: 2,
      vialUuid: CONTENTS.vialUuid,
      sequence: 9,
    });
    expect(run.accel).toEqual(CONTENTS.accel);
    expect(run.temperature).toEqual(CONTENTS.temperature);
    expect(run.accel.buffer).toBe(bytes.buffer);
    expect(run.temperature.buffer).toBe(bytes.buffer);
  });

  it('copies the samples when the file starts at an odd address', () => {
    const bytes = encodeRun(CONTENTS);
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    const run = parseRun(shifted.subarray(1));
    expect(run.accel).toEqual(CONTENTS.accel);
    expect(run.temperature).toEqual(CONTENTS.temperature);
  });

  it.each(Object.entries(BAD_RUN_FILES))('refuses bad/%s with %s', (name, code) => {
    expect(codeOf(() => parseRun(readFixture(`bad/${name}`)))).toBe(code);
  });

  it.each<[VialFormatErrorCode, Uint8Array]>([
    ['short_header', encodeRun(CONTENTS).subarray(0, RUN_HEADER_SIZE - 1)],
    ['bad_header_length', withHeaderField(4, (view) => view.setUint16(0, 32, true))],
    ['zero_rate', withHeaderField(16, (view) => view.setUint32(0, 0, true))],
    ['zero_interval', withHeaderField(28, (view) => view.setUint32(0, 0, true))],
    ['length_mismatch', Uint8Array.from([...encodeRun(CONTENTS), 0, 0])],
    ['crc_mismatch', withHeaderField(60, (view) => view.setUint32(0, 1, true))],
  ])('refuses a file with %s', (code, bytes) => {
    expect(codeOf(() => parseRun(bytes))).toBe(code);
  });

  it('checks the length only when given one', () => {
    const header = encodeRun(CONTENTS).subarray(0, RUN_HEADER_SIZE);
    expect(parseRunHeader(header).sampleCount).toBe(3);
    expect(codeOf(() => parseRunHeader(header, RUN_HEADER_SIZE))).toBe('length_mismatch');
  });
});

describe('RunFileChecker', () => {
  const random = new SeededRandom(2024);

  function inRandomChunks(bytes: Uint8Array): Uint8Array[] {
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < bytes.length;) {
      const size = 1 + Math.floor(random.next() ** 3 * 100_000);
      chunks.push(bytes.subarray(at, at + size));
      at += size;
    }
    return chunks;
  }

  function outcome(check: () => RunHeader): RunHeader | VialFormatErrorCode {
    try {
      return check();
    } catch (error) {
      if (error instanceof VialFormatError) return error.code;
      throw error;
    }
  }

  function streamed(bytes: Uint8Array): RunHeader | VialFormatErrorCode {
    return outcome(() => {
      const checker = new RunFileChecker();
      for (const chunk of inRandomChunks(bytes)) checker.push(chunk);
      return checker.finish();
    });
  }

  it.each([...fixtureFiles, ...badFiles])('agrees with parseRun on %s', (file) => {
    const bytes = readFixture(file);
    const whole = outcome(() => parseRun(bytes).header);
    for (let attempt = 0; attempt < 5; attempt++) expect(streamed(bytes)).toEqual(whole);
  });

  it('agrees with parseRun on every kind of damage', () => {
    const valid = encodeRun(CONTENTS);
    const damaged = [
      valid.subarray(0, 10),
      valid.subarray(0, valid.length - 1),
      Uint8Array.from([...valid, 1]),
      withHeaderField(0, (view) => view.setUint8(0, 0x58)),
      withHeaderField(16, (view) => view.setUint32(0, 0, true)),
      withHeaderField(28, (view) => view.setUint32(0, 0, true)),
      withHeaderField(60, (view) => view.setUint32(0, 1, true)),
    ];
    for (const bytes of damaged)
      expect(streamed(bytes)).toEqual(outcome(() => parseRun(bytes).header));
  });

  it('stops an overlong upload as soon as it overflows', () => {
    const checker = new RunFileChecker();
    checker.push(encodeRun(CONTENTS));
    expect(checker.header?.sampleCount).toBe(3);
    expect(codeOf(() => checker.push(new Uint8Array(1)))).toBe('length_mismatch');
  });

  it('checks an async stream', async () => {
    const bytes = readFixture(fixtureFiles[0]);
    async function* chunks(): AsyncGenerator<Uint8Array> {
      yield* inRandomChunks(bytes);
    }
    await expect(checkRunStream(chunks())).resolves.toEqual(parseRun(bytes).header);
  });
});
