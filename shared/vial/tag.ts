import { VialFormatError } from './errors';

/** VIALTAG.BIN layout (vial-data.md section 1). */
export const TAG_SIZE = 88;
export const TAG_LAYOUT_VERSION = 1;
const UUID_OFFSET = 2;
const UUID_SIZE = 16;
const SERIAL_OFFSET = 18;
const SERIAL_SIZE = 64;
const FIRMWARE_OFFSET = 82;
/** The only bytes the desktop app ever writes, in place, after a complete upload round. */
export const SYNC_TIME_OFFSET = 84;

export interface VialTag {
  version: number;
  /** Lowercase canonical form, e.g. `2801906a-7c79-42a2-b96b-f36f2bc99aa5`. */
  uuid: string;
  serial: string;
  firmwareVersion: number;
  /** Unix seconds of the last sync that left no file behind; 0 = never. */
  lastSyncSeconds: number;
}

/** A UUID in its textual form, any case: a vial's identity (its tag, its registration). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The 16 bytes of a UUID in RFC 4122 (network, i.e. textual) order. */
export function uuidToBytes(uuid: string): Uint8Array {
  if (!UUID_PATTERN.test(uuid)) throw new RangeError(`Not a UUID: ${uuid}`);
  return Uint8Array.from(uuid.replace(/-/g, '').match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

export function bytesToUuid(bytes: Uint8Array): string {
  if (bytes.length !== UUID_SIZE) throw new RangeError('A UUID has 16 bytes');
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function parseTag(bytes: Uint8Array): VialTag {
  if (bytes.length !== TAG_SIZE) {
    throw new VialFormatError('tag_size', `tag has ${bytes.length} bytes, expected ${TAG_SIZE}`);
  }
  const view = viewOf(bytes);
  const version = view.getUint16(0, true);
  if (version !== TAG_LAYOUT_VERSION) {
    throw new VialFormatError('tag_version', `tag layout version ${version}`);
  }
  const serialField = bytes.subarray(SERIAL_OFFSET, SERIAL_OFFSET + SERIAL_SIZE);
  const serialEnd = serialField.indexOf(0);
  // A serial of blanks is as unusable as an empty one, so surrounding whitespace is dropped.
  const serial = Buffer.from(serialField.subarray(0, serialEnd < 0 ? SERIAL_SIZE : serialEnd))
    .toString('latin1')
    .trim();
  if (serial === '') throw new VialFormatError('empty_serial');
  return {
    version,
    uuid: bytesToUuid(bytes.subarray(UUID_OFFSET, UUID_OFFSET + UUID_SIZE)),
    serial,
    firmwareVersion: view.getUint16(FIRMWARE_OFFSET, true),
    lastSyncSeconds: view.getUint32(SYNC_TIME_OFFSET, true),
  };
}

/** The 4 bytes to write at SYNC_TIME_OFFSET; fractions of a second are dropped. */
export function encodeSyncTime(seconds: number): Uint8Array {
  const whole = Math.floor(seconds);
  if (!(whole >= 0 && whole <= 0xffffffff))
    throw new RangeError(`Sync time out of range: ${seconds}`);
  const bytes = new Uint8Array(4);
  viewOf(bytes).setUint32(0, whole, true);
  return bytes;
}

export interface TagContents {
  uuid: string;
  serial: string;
  firmwareVersion?: number;
  lastSyncSeconds?: number;
  /** Only to build deliberately broken tags in tests. */
  version?: number;
}

/** A tag file as a vial would carry it (for the simulator and tests). */
export function buildTag(contents: TagContents): Uint8Array {
  const serial = Buffer.from(contents.serial, 'latin1');
  if (serial.length > SERIAL_SIZE) throw new RangeError(`Serial longer than ${SERIAL_SIZE} bytes`);
  const bytes = new Uint8Array(TAG_SIZE);
  const view = viewOf(bytes);
  view.setUint16(0, contents.version ?? TAG_LAYOUT_VERSION, true);
  bytes.set(uuidToBytes(contents.uuid), UUID_OFFSET);
  bytes.set(serial, SERIAL_OFFSET);
  view.setUint16(FIRMWARE_OFFSET, contents.firmwareVersion ?? 0, true);
  bytes.set(encodeSyncTime(contents.lastSyncSeconds ?? 0), SYNC_TIME_OFFSET);
  return bytes;
}
