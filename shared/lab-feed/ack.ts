/**
 * The HL7 v2 header and acknowledgement of the lab feed (lab-feed.md section 2.2), pure: the
 * message's separators (MSH-1, -2), HL7 escapes both ways, the few MSH fields an ACK echoes, and
 * the ACK itself, in original mode. Used by the bridge (server/lab-feed-bridge/) for its own ARs
 * (`too_large`, `unavailable`, `refused`) and by the server (server/domain/lab-feed/hl7.ts) for
 * reading messages and answering them.
 */

/** MSH-1 and the four characters of MSH-2. */
export interface Separators {
  field: string;
  component: string;
  repetition: string;
  escape: string;
  subcomponent: string;
}

/** The character set MSH-18 names: `auto` (empty: UTF-8 unless the bytes are not), or null when unsupported. */
export type Charset = 'utf8' | 'latin1' | 'auto';

export function charsetOf(msh18: string): Charset | null {
  if (msh18 === '') return 'auto';
  if (msh18 === 'UNICODE UTF-8') return 'utf8';
  if (msh18 === '8859/1') return 'latin1';
  return null;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });
/** Declared UTF-8: malformed bytes become U+FFFD, a byte order mark is kept (as Node's Buffer does). */
const UTF8_LENIENT = new TextDecoder('utf-8', { ignoreBOM: true });

/** ISO-8859-1 exactly (TextDecoder's `latin1` is windows-1252). */
function latin1Text(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192)
    text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return text;
}

/** Bytes as text in a character set (`auto`: UTF-8, or ISO-8859-1 when the bytes are not UTF-8). */
export function decodeText(bytes: Uint8Array, charset: Charset): string {
  if (charset === 'latin1') return latin1Text(bytes);
  if (charset === 'utf8') return UTF8_LENIENT.decode(bytes);
  try {
    return UTF8.decode(bytes);
  } catch {
    return latin1Text(bytes);
  }
}

/** The separators of MSH-1 and -2, or null when they are not usable (no MSH, a broken header). */
export function separatorsOf(text: string): Separators | null {
  if (!text.startsWith('MSH') || text.length < 8) return null;
  const chars = text.slice(3, 8).split('');
  if (new Set(chars).size !== 5) return null;
  if (chars.some((c) => /[A-Za-z0-9\s]/.test(c))) return null;
  const [field, component, repetition, escape, subcomponent] = chars;
  // MSH-2 is these four characters (a fifth, the truncation character of 2.7, is allowed).
  const msh2End = text.indexOf(field, 4);
  if (msh2End !== 8 && !(msh2End === 9 && text[8] !== '\r' && text[8] !== '\n')) return null;
  return { field, component, repetition, escape, subcomponent };
}

/** A value with its escapes decoded (`\F\` … `\Xhh…\`), others removed, trimmed. */
export function unescapeValue(value: string, sep: Separators, charset: Charset): string {
  if (!value.includes(sep.escape)) return value.trim();
  let out = '';
  let i = 0;
  while (i < value.length) {
    const c = value[i];
    if (c !== sep.escape) {
      out += c;
      i++;
      continue;
    }
    const end = value.indexOf(sep.escape, i + 1);
    if (end < 0) break; // an escape left open: the rest is dropped
    const seq = value.slice(i + 1, end);
    if (seq === 'F') out += sep.field;
    else if (seq === 'S') out += sep.component;
    else if (seq === 'T') out += sep.subcomponent;
    else if (seq === 'R') out += sep.repetition;
    else if (seq === 'E') out += sep.escape;
    else if (/^X([0-9A-Fa-f]{2})+$/.test(seq)) {
      const hex = seq.slice(1);
      const bytes = new Uint8Array(hex.length / 2);
      for (let b = 0; b < bytes.length; b++) bytes[b] = parseInt(hex.slice(b * 2, b * 2 + 2), 16);
      out += decodeText(bytes, charset);
    }
    i = end + 1;
  }
  return out.trim();
}

/** Text with the ACK's separators (`|^~\&`) escaped, and no line breaks. */
export function escapeValue(text: string): string {
  return text
    .replace(/\\/g, '\\E\\')
    .replace(/\|/g, '\\F\\')
    .replace(/\^/g, '\\S\\')
    .replace(/&/g, '\\T\\')
    .replace(/~/g, '\\R\\')
    .replace(/[\r\n]/g, ' ');
}

/** What an ACK echoes of a message's MSH, each value read (first repetition and component, unescaped). */
export interface AckHeader {
  /** MSH-3, -4. */
  sendingApplication: string;
  sendingFacility: string;
  /** MSH-9.2. */
  trigger: string;
  /** MSH-10. */
  controlId: string;
  /** MSH-11, -12 (first component). */
  processingId: string;
  version: string;
  /** MSH-18 as sent. */
  charset: string;
  /** Whether the ACK goes back in ISO-8859-1 (MSH-18 `8859/1`, or empty and the bytes are not UTF-8). */
  latin1: boolean;
}

/** How far into a message its MSH is looked for: a header longer than this is not readable. */
export const HEADER_BYTES_MAX = 8192;

/**
 * The MSH of a message's bytes (only its first segment is read, nothing after), or null when the
 * message does not start with a readable MSH.
 */
export function readAckHeader(bytes: Uint8Array): AckHeader | null {
  const head = bytes.subarray(0, Math.min(bytes.length, HEADER_BYTES_MAX));
  const ascii = latin1Text(head);
  const sep = separatorsOf(ascii);
  if (!sep) return null;
  const end = ascii.search(/[\r\n]/);
  const lineBytes = head.subarray(0, end < 0 ? head.length : end);
  const raw = (line: string, n: number, component = 1) =>
    (line.split(sep.field)[n - 1] ?? '').split(sep.repetition)[0].split(sep.component)[
      component - 1
    ] ?? '';
  const asciiLine = ascii.slice(0, lineBytes.length);
  const msh18 = unescapeValue(raw(asciiLine, 18), sep, 'latin1');
  const declared = charsetOf(msh18) ?? 'latin1';
  let latin1 = declared === 'latin1';
  if (declared === 'auto') {
    try {
      UTF8.decode(bytes);
    } catch {
      latin1 = true;
    }
  }
  const charset: Charset = latin1 ? 'latin1' : 'utf8';
  const line = decodeText(lineBytes, charset);
  const value = (n: number, component = 1) => unescapeValue(raw(line, n, component), sep, charset);
  return {
    sendingApplication: value(3),
    sendingFacility: value(4),
    trigger: value(9, 2),
    controlId: value(10),
    processingId: value(11),
    version: value(12),
    charset: msh18,
    latin1,
  };
}

export type AckCode = 'AA' | 'AE' | 'AR';

/** One ERR segment: where (`OBX^2^5`, "" for none), ERR-3 (`207^Application internal error`), reason, message. */
export interface AckError {
  location: string;
  code: string;
  reason: string;
  message: string;
}

/** The bridge's own reasons (section 2.2's last three rows). */
export const BRIDGE_ERRORS = {
  too_large: () => 'The message is larger than 1 MiB.',
  unavailable: (why: string) =>
    `VialQC did not answer (${why}): the message was not stored; send it again.`,
  refused: (status: string) => `VialQC refused the bridge (${status}): the message was not stored.`,
} as const;
export type BridgeReason = keyof typeof BRIDGE_ERRORS;

/** A bridge reason's ERR (all three are application internal errors, without a place). */
export const bridgeError = (reason: BridgeReason, arg = ''): AckError => ({
  location: '',
  code: '207^Application internal error',
  reason,
  message: BRIDGE_ERRORS[reason](arg),
});

/** The ACK's MSH-7: now in UTC, `YYYYMMDDHHMMSS+0000`. */
export const ackTime = (now: Date) =>
  `${now.toISOString().slice(0, 19).replace(/[-T:]/g, '')}+0000`;

/** A new ACK control id of at most 20 characters from `random` (6 hex digits) and the time. */
export const ackId = (now: Date, random: string) =>
  `VQC${now.getTime().toString(36).toUpperCase()}${random.toUpperCase()}`.slice(0, 20);

/**
 * The one ACK of a message (section 2.2), original mode: MSH, MSA and, for AE and AR, an ERR per
 * error (at most 10, in the order given). Without a readable MSH, MSH-3 to -6, -11, -12 and MSA-2
 * are empty and MSH-9 is `ACK`.
 */
export function buildAck(
  header: Omit<AckHeader, 'charset' | 'latin1'> | null,
  code: AckCode,
  errors: readonly AckError[],
  now: Date,
  id: string,
): string {
  const e = escapeValue;
  const h = header;
  const type = h ? `ACK^${e(h.trigger)}^ACK` : 'ACK';
  const listed = errors.slice(0, 10);
  const segments = [
    `MSH|^~\\&|VIALQC|VIALQC|${e(h?.sendingApplication ?? '')}|${e(h?.sendingFacility ?? '')}|${ackTime(now)}||${type}|${id}|${e(h?.processingId ?? '')}|${e(h?.version ?? '')}`,
    `MSA|${code}|${e(h?.controlId ?? '')}${code === 'AA' ? '' : `|${e(listed[0]?.message ?? '')}`}`,
  ];
  if (code !== 'AA') {
    for (const err of listed) {
      segments.push(`ERR||${err.location}|${err.code}^HL70357|E|${err.reason}|||${e(err.message)}`);
    }
  }
  return segments.map((s) => `${s}\r`).join('');
}

/** The ACK's bytes in the message's character set. */
export function encodeAck(ack: string, latin1: boolean): Uint8Array {
  if (!latin1) return new TextEncoder().encode(ack);
  const bytes = new Uint8Array(ack.length);
  for (let i = 0; i < ack.length; i++) {
    const c = ack.charCodeAt(i);
    bytes[i] = c < 256 ? c : 0x3f; // '?' for what ISO-8859-1 cannot hold
  }
  return bytes;
}

/** MSA-1 and the first ERR's reason (ERR-5) of an ACK's text, as the bridge logs them. */
export function ackOutcome(ack: string): { code: string; reason: string } {
  const segments = ack.split(/\r\n|\r|\n/);
  const field = (name: string, n: number) =>
    segments.find((s) => s.startsWith(`${name}|`))?.split('|')[n] ?? '';
  return { code: field('MSA', 1), reason: field('ERR', 5) };
}
