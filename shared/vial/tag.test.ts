import { VialFormatError } from './errors';
import {
  buildTag,
  bytesToUuid,
  encodeSyncTime,
  parseTag,
  SYNC_TIME_OFFSET,
  TAG_SIZE,
  uuidToBytes,
} from './tag';
import { expected, readFixture } from './testing/fixtures';

const UUID = '2801906a-7c79-42a2-b96b-f36f2bc99aa5';

function errorOf(parse: () => unknown): VialFormatError {
  try {
    parse();
  } catch (error) {
    if (error instanceof VialFormatError) return error;
    throw error;
  }
  throw new Error('expected a VialFormatError');
}

describe('parseTag', () => {
  it.each(['drive-1', 'drive-2'])('reads the vial of %s as expected.json names it', (drive) => {
    const tag = parseTag(readFixture(`${drive}/VIALTAG.BIN`));
    const runs = Object.values(expected.records).filter((r) => r.file.startsWith(`${drive}/`));
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) {
      expect(tag.uuid).toBe(run.vial_uuid);
      expect(tag.serial).toBe(run.vial_serial);
    }
    expect(tag.version).toBe(1);
  });

  it('refuses an 87-byte tag as a corrupted vial', () => {
    const error = errorOf(() => parseTag(readFixture('bad/tag-87-bytes.bin')));
    expect(error.code).toBe('tag_size');
    expect(error.message).toBe(
      'One or more vials has been corrupted or is not properly configured. Please unplug the vial and contact support.',
    );
  });

  it('refuses an empty serial as a misconfigured vial', () => {
    const error = errorOf(() => parseTag(readFixture('bad/tag-empty-serial.bin')));
    expect(error.code).toBe('empty_serial');
    expect(error.message).toBe(
      'A VitalVial is not properly configured. Please unplug the vial and contact support.',
    );
  });

  it('refuses an unknown layout version with the corrupted-vial message', () => {
    const error = errorOf(() => parseTag(buildTag({ uuid: UUID, serial: 'VV-1', version: 2 })));
    expect(error.code).toBe('tag_version');
    expect(error.message).toMatch(/^One or more vials has been corrupted/);
  });

  it('reads back what buildTag wrote', () => {
    const tag = { uuid: UUID, serial: 'VV-4321', firmwareVersion: 7, lastSyncSeconds: 1763700000 };
    expect(parseTag(buildTag(tag))).toEqual({ version: 1, ...tag });
    expect(buildTag(tag)).toHaveLength(TAG_SIZE);
  });
});

describe('encodeSyncTime', () => {
  it('round-trips through bytes 84–87 and leaves the rest of the tag alone', () => {
    const original = Uint8Array.from(readFixture('drive-1/VIALTAG.BIN'));
    const updated = Uint8Array.from(original);
    updated.set(encodeSyncTime(4102444799.9), SYNC_TIME_OFFSET);
    expect(parseTag(updated).lastSyncSeconds).toBe(4102444799);
    expect(updated.subarray(0, SYNC_TIME_OFFSET)).toEqual(original.subarray(0, SYNC_TIME_OFFSET));
  });

  it('refuses times a u32 cannot hold', () => {
    expect(() => encodeSyncTime(-1)).toThrow(RangeError);
    expect(() => encodeSyncTime(2 ** 32)).toThrow(RangeError);
  });
});

describe('UUIDs', () => {
  it('keep RFC 4122 byte order and print lowercase', () => {
    const bytes = uuidToBytes(UUID.toUpperCase());
    expect(Array.from(bytes.subarray(0, 4))).toEqual([0x28, 0x01, 0x90, 0x6a]);
    expect(bytesToUuid(bytes)).toBe(UUID);
  });

  it('reject malformed text', () => {
    expect(() => uuidToBytes('2801906a7c7942a2b96bf36f2bc99aa5')).toThrow(RangeError);
  });
});
