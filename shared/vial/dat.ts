import { crc32 } from 'node:zlib';
import { VialFormatError } from './errors';
import { bytesToUuid, uuidToBytes } from './tag';

/** Run file (.dat) layout, vial-data.md section 2. */
export const RUN_HEADER_SIZE = 64;
const MAGIC = 'VVD1';
export const ACCEL_SAMPLE_BYTES = 6;
const TEMPERATURE_SAMPLE_BYTES = 2;
const CRC_OFFSET = 60;

export interface RunHeader {
  startMs: number;
  /** Acceleration samples per second (Hz). */
  sampleRate: number;
  /** g per count: the stored f32, widened to f64 without rounding. */
  accelScale: number;
  sampleCount: number;
  temperatureIntervalMs: number;
  temperatureCount: number;
  /** °C per count, the stored f32 widened. */
  temperatureScale: number;
  vialUuid: string;
  sequence: number;
  crc: number;
}

export interface Run {
  header: RunHeader;
  /** Interleaved x, y, z counts: sample i is at [3i, 3i + 1, 3i + 2]. */
  accel: Int16Array;
  temperature: Int16Array;
}

export function expectedRunLength(header: RunHeader): number {
  return (
    RUN_HEADER_SIZE +
    ACCEL_SAMPLE_BYTES * header.sampleCount +
    TEMPERATURE_SAMPLE_BYTES * header.temperatureCount
  );
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Validates and decodes the 64-byte header; with `fileLength`, also the file's exact length. */
export function parseRunHeader(headerBytes: Uint8Array, fileLength?: number): RunHeader {
  if (headerBytes.length < RUN_HEADER_SIZE) {
    throw new VialFormatError('short_header', `${headerBytes.length} bytes`);
  }
  const view = viewOf(headerBytes);
  if (Buffer.from(headerBytes.subarray(0, 4)).toString('latin1') !== MAGIC) {
    throw new VialFormatError('bad_magic');
  }
  const headerLength = view.getUint16(4, true);
  if (headerLength !== RUN_HEADER_SIZE) {
    throw new VialFormatError('bad_header_length', `header length ${headerLength}`);
  }
  const header: RunHeader = {
    startMs: Number(view.getBigInt64(8, true)),
    sampleRate: view.getUint32(16, true),
    accelScale: view.getFloat32(20, true),
    sampleCount: view.getUint32(24, true),
    temperatureIntervalMs: view.getUint32(28, true),
    temperatureCount: view.getUint32(32, true),
    temperatureScale: view.getFloat32(36, true),
    vialUuid: bytesToUuid(headerBytes.subarray(40, 56)),
    sequence: view.getUint32(56, true),
    crc: view.getUint32(CRC_OFFSET, true),
  };
  if (header.sampleRate === 0) throw new VialFormatError('zero_rate');
  if (header.temperatureIntervalMs === 0) throw new VialFormatError('zero_interval');
  if (fileLength !== undefined) checkLength(header, fileLength);
  return header;
}

function checkLength(header: RunHeader, fileLength: number): void {
  const expected = expectedRunLength(header);
  if (fileLength !== expected) {
    throw new VialFormatError('length_mismatch', `${fileLength} bytes, expected ${expected}`);
  }
}

function checkCrc(header: RunHeader, actual: number): void {
  if (actual !== header.crc) {
    throw new VialFormatError(
      'crc_mismatch',
      `computed ${actual.toString(16)}, header says ${header.crc.toString(16)}`,
    );
  }
}

const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The little-endian i16 counts at `offset`: a view where the memory allows it, otherwise a copy
 * (an odd offset: a chunk of an upload may start anywhere).
 */
export function int16Counts(bytes: Uint8Array, offset: number, count: number): Int16Array {
  const byteOffset = bytes.byteOffset + offset;
  if (!HOST_IS_LITTLE_ENDIAN) {
    const view = new DataView(bytes.buffer, byteOffset, count * 2);
    return Int16Array.from({ length: count }, (_, i) => view.getInt16(2 * i, true));
  }
  if (byteOffset % 2 === 0) return new Int16Array(bytes.buffer, byteOffset, count);
  return new Int16Array(bytes.slice(offset, offset + 2 * count).buffer);
}

/** Validates a whole run file (header, length, CRC) and exposes its samples without copying. */
export function parseRun(bytes: Uint8Array): Run {
  const header = parseRunHeader(bytes, bytes.length);
  checkCrc(header, crc32(bytes.subarray(RUN_HEADER_SIZE)));
  const temperatureOffset = RUN_HEADER_SIZE + ACCEL_SAMPLE_BYTES * header.sampleCount;
  return {
    header,
    accel: int16Counts(bytes, RUN_HEADER_SIZE, 3 * header.sampleCount),
    temperature: int16Counts(bytes, temperatureOffset, header.temperatureCount),
  };
}

/**
 * Validates a run file that arrives in chunks (an upload stream) in constant memory: the header
 * as soon as its 64 bytes are in, an overlong file as soon as it overflows, length and CRC at
 * `finish()`. Throws the same VialFormatError codes as parseRun, in the same order; after one,
 * the upload is refused and the checker is not fed further.
 */
export class RunFileChecker {
  private readonly headerBytes = new Uint8Array(RUN_HEADER_SIZE);
  private received = 0;
  private crc = 0;
  private parsedHeader: RunHeader | undefined;

  /** The header, once its 64 bytes have arrived and passed validation. */
  get header(): RunHeader | undefined {
    return this.parsedHeader;
  }

  push(chunk: Uint8Array): void {
    let body = chunk;
    if (this.received < RUN_HEADER_SIZE) {
      const headerPart = chunk.subarray(0, RUN_HEADER_SIZE - this.received);
      this.headerBytes.set(headerPart, this.received);
      this.received += headerPart.length;
      body = chunk.subarray(headerPart.length);
      if (this.received === RUN_HEADER_SIZE) this.parsedHeader = parseRunHeader(this.headerBytes);
    }
    if (body.length === 0) return;
    this.received += body.length;
    if (this.parsedHeader && this.received > expectedRunLength(this.parsedHeader)) {
      checkLength(this.parsedHeader, this.received);
    }
    this.crc = crc32(body, this.crc);
  }

  /** Call once all chunks are pushed; returns the validated header. */
  finish(): RunHeader {
    const header = this.parsedHeader ?? parseRunHeader(this.headerBytes.subarray(0, this.received));
    checkLength(header, this.received);
    checkCrc(header, this.crc);
    return header;
  }
}

/** Runs a whole stream (e.g. an upload request or fs.createReadStream) through a RunFileChecker. */
export async function checkRunStream(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<RunHeader> {
  const checker = new RunFileChecker();
  for await (const chunk of chunks) checker.push(chunk);
  return checker.finish();
}

export interface RunContents {
  startMs: number;
  sampleRate: number;
  accelScale: number;
  temperatureIntervalMs: number;
  temperatureScale: number;
  vialUuid: string;
  sequence: number;
  /** Interleaved x, y, z counts. */
  accel: Int16Array;
  temperature: Int16Array;
}

/** A valid run file, byte for byte as a vial writes it (for the simulator and tests). */
export function encodeRun(contents: RunContents): Uint8Array {
  if (contents.accel.length % 3 !== 0) throw new RangeError('accel must hold x, y, z triples');
  const sampleCount = contents.accel.length / 3;
  const temperatureOffset = RUN_HEADER_SIZE + ACCEL_SAMPLE_BYTES * sampleCount;
  const bytes = new Uint8Array(
    temperatureOffset + TEMPERATURE_SAMPLE_BYTES * contents.temperature.length,
  );
  const view = viewOf(bytes);
  bytes.set(Buffer.from(MAGIC, 'latin1'), 0);
  view.setUint16(4, RUN_HEADER_SIZE, true);
  view.setBigInt64(8, BigInt(contents.startMs), true);
  view.setUint32(16, contents.sampleRate, true);
  view.setFloat32(20, contents.accelScale, true);
  view.setUint32(24, sampleCount, true);
  view.setUint32(28, contents.temperatureIntervalMs, true);
  view.setUint32(32, contents.temperature.length, true);
  view.setFloat32(36, contents.temperatureScale, true);
  bytes.set(uuidToBytes(contents.vialUuid), 40);
  view.setUint32(56, contents.sequence, true);
  contents.accel.forEach((count, i) => view.setInt16(RUN_HEADER_SIZE + 2 * i, count, true));
  contents.temperature.forEach((count, j) => view.setInt16(temperatureOffset + 2 * j, count, true));
  view.setUint32(CRC_OFFSET, crc32(bytes.subarray(RUN_HEADER_SIZE)), true);
  return bytes;
}
