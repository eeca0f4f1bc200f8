/** Why a vial tag or run file was refused; stable identifiers the API and the desktop app rely on. */
export type VialFormatErrorCode =
  | 'short_header'
  | 'bad_magic'
  | 'bad_header_length'
  | 'length_mismatch'
  | 'zero_rate'
  | 'zero_interval'
  | 'crc_mismatch'
  | 'tag_size'
  | 'tag_version'
  | 'empty_serial';

const CORRUPTED_VIAL =
  'One or more vials has been corrupted or is not properly configured. Please unplug the vial and contact support.';

// The tag messages are shown to users verbatim (spec vial-data.md section 1), so they are exact.
const MESSAGES: Record<VialFormatErrorCode, string> = {
  short_header: 'Run file is shorter than its 64-byte header',
  bad_magic: 'Run file does not start with the VVD1 signature',
  bad_header_length: 'Run file header length is not 64 bytes',
  length_mismatch: 'Run file length does not match its sample counts: the file is incomplete',
  zero_rate: 'Run file has an acceleration sample rate of 0 Hz',
  zero_interval: 'Run file has a temperature interval of 0 ms',
  crc_mismatch: 'CRC mismatch: the file is damaged',
  tag_size: CORRUPTED_VIAL,
  tag_version: CORRUPTED_VIAL,
  empty_serial:
    'A VitalVial is not properly configured. Please unplug the vial and contact support.',
};

export class VialFormatError extends Error {
  override readonly name = 'VialFormatError';

  /**
   * @param detail facts for logs and support (sizes, checksums); kept out of `message` so that
   *   the message stays the exact user-facing text.
   */
  constructor(
    readonly code: VialFormatErrorCode,
    readonly detail?: string,
  ) {
    super(MESSAGES[code]);
  }
}
