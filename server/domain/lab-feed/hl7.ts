/**
 * HL7 v2 for the lab feed (lab-feed.md section 2): the message's bytes → its header and extract
 * (only the fields section 2.1 names are read; PID and every other segment are skipped unread),
 * and the ACK. @medplum/core's Hl7Message splits segments (CR, CRLF or LF), fields, the first
 * repetition and components with the message's own separators; it decodes neither escapes nor
 * character sets, so both are done here: the bytes are decoded by MSH-18 first, escapes in each
 * value read, with the rules the bridge answers by (shared/lab-feed/ack.ts), which also builds
 * the ACK.
 */
import { isUtf8 } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { Hl7Message, type Hl7Segment } from '@medplum/core';
import { LAB_FEED_RESULTS_MAX, actionOfObxStatus } from '../../../shared/domain/lab-feed';
import {
  ackId,
  buildAck as buildAckText,
  charsetOf,
  encodeAck as encodeAckBytes,
  separatorsOf,
  unescapeValue,
  type AckCode,
} from '../../../shared/lab-feed/ack';
import type { Extract, ExtractHeader, ExtractResult, Problem, SentCode, SentTime } from './extract';

/** Section 2.2's reasons: ERR-3 and the message of each. */
const HL7_ERRORS = {
  not_hl7: ['100^Segment sequence error', () => 'The message does not start with an MSH segment.'],
  unsupported_type: [
    '200^Unsupported message type',
    (t: string) => `Only ORU^R01 and OUL^R22 are accepted, not ${t}.`,
  ],
  unsupported_version: [
    '203^Unsupported version id',
    (v: string) => `HL7 version ${v} is not supported: send 2.3 to 2.9.`,
  ],
  unsupported_processing_id: [
    '202^Unsupported processing id',
    (p: string) => `Processing id ${p} is not supported: send P, T or D.`,
  ],
  unsupported_charset: [
    '103^Table value not found',
    (c: string) => `Character set ${c} is not supported: send UNICODE UTF-8 or 8859/1.`,
  ],
  no_control_id: ['101^Required field missing', () => 'MSH-10 (message control id) is empty.'],
  batch: [
    '200^Unsupported message type',
    () => 'Batches (FHS/BHS) are not accepted: send one message per frame.',
  ],
  inbox_full: [
    '207^Application internal error',
    () =>
      'The needs-mapping inbox is full (1,000,000 results): map or ignore codes in VialQC, then send again.',
  ],
  too_many_results: [
    '207^Application internal error',
    (n: string) => `The message has ${n} results; at most 1,000 are accepted.`,
  ],
  nul_character: ['102^Data type error', () => 'The message contains a NUL character (0x00).'],
  no_sample_id: [
    '101^Required field missing',
    (n: string) => `Order ${n} has no sample identifier (SPM-2, OBR-3 or OBR-2).`,
  ],
  bad_time: ['102^Data type error', null],
  future_time: ['102^Data type error', null],
  negative_value: ['102^Data type error', null],
  implausible_value: ['102^Data type error', null],
  bad_status: ['103^Table value not found', null],
} as const satisfies Record<string, readonly [string, ((arg: string) => string) | null]>;
type Hl7Reason = keyof typeof HL7_ERRORS;

/** A problem of a reason with a fixed message. */
export const problemOf = (
  reason: Exclude<
    Hl7Reason,
    'bad_time' | 'future_time' | 'negative_value' | 'implausible_value' | 'bad_status'
  >,
  arg = '',
  location = '',
  order = 0,
): Problem => ({ reason, location, message: HL7_ERRORS[reason][1](arg), order });

/** What reading a message gives: a refusal before its content (AR, or AE without content), or its extract. */
type Hl7Read =
  | { kind: 'refused'; code: 'AR' | 'AE'; header: ExtractHeader | null; problem: Problem }
  | { kind: 'read'; extract: Extract };

const ACCEPTED_TYPES = new Set(['ORU^R01', 'OUL^R22']);

/**
 * Reads a message's bytes: the first problem that stops it (AR; a NUL or too many results: AE),
 * or its extract. `sampleKey` hashes a sample id (it is never kept as sent).
 */
export function readHl7(bytes: Buffer, sampleKey: (id: string) => string): Hl7Read {
  // The header is ASCII in every supported character set: read MSH-18 from it first.
  const head = bytes.subarray(0, Math.min(bytes.length, 4096)).toString('latin1');
  const sepHead = separatorsOf(head);
  if (!sepHead) return { kind: 'refused', code: 'AR', header: null, problem: problemOf('not_hl7') };
  const firstLine = head.split(/[\r\n]/)[0];
  const msh18Raw = firstLine.split(sepHead.field)[17] ?? '';
  const msh18 = unescapeValue(
    msh18Raw.split(sepHead.repetition)[0].split(sepHead.component)[0],
    sepHead,
    'latin1',
  );
  const charset = charsetOf(msh18);
  const cs = charset ?? 'latin1';
  // decodeText's rule (shared/lab-feed/ack.ts) over the whole message, with Node's fast decoders.
  const text = bytes.toString(
    cs === 'utf8' || (cs === 'auto' && isUtf8(bytes)) ? 'utf8' : 'latin1',
  );
  const hasNul = text.includes('\u0000');
  const message = Hl7Message.parse(hasNul ? text.replaceAll('\u0000', '') : text);
  const sep = sepHead;
  const v = (seg: Hl7Segment | undefined, field: number, component = 1, sub?: number): string =>
    seg ? unescapeValue(seg.getComponent(field, component, sub), sep, cs) : '';
  const msh = message.getSegment('MSH')!;
  const type9 = `${v(msh, 9, 1)}^${v(msh, 9, 2)}`;
  const header: ExtractHeader = {
    sendingApplication: v(msh, 3),
    sendingFacility: v(msh, 4),
    receivingApplication: v(msh, 5),
    receivingFacility: v(msh, 6),
    controlId: v(msh, 10),
    messageType: type9,
    trigger: v(msh, 9, 2),
    processingId: v(msh, 11),
    version: v(msh, 12),
    charset: msh18,
  };
  const refuse = (problem: Problem, code: 'AR' | 'AE' = 'AR'): Hl7Read => ({
    kind: 'refused',
    code,
    header,
    problem,
  });
  if (!ACCEPTED_TYPES.has(type9)) return refuse(problemOf('unsupported_type', type9, 'MSH^1^9'));
  if (!/^2\.[3-9](\.\d+)?$/.test(header.version))
    return refuse(problemOf('unsupported_version', header.version, 'MSH^1^12'));
  if (!['P', 'T', 'D'].includes(header.processingId))
    return refuse(problemOf('unsupported_processing_id', header.processingId, 'MSH^1^11'));
  if (charset === null) return refuse(problemOf('unsupported_charset', msh18, 'MSH^1^18'));
  if (header.controlId === '') return refuse(problemOf('no_control_id', '', 'MSH^1^10'));
  const segments = message.segments;
  if (segments.some((s) => ['FHS', 'BHS', 'BTS', 'FTS'].includes(s.name)))
    return refuse(problemOf('batch'));
  if (hasNul) return refuse(problemOf('nul_character'), 'AE');
  const count =
    segments.filter((s) => s.name === 'OBX').length +
    segments.filter((s) => s.name === 'SAC' && v(s, 32) !== '').length;
  if (count > LAB_FEED_RESULTS_MAX)
    return refuse(problemOf('too_many_results', count.toLocaleString('en-US')), 'AE');

  const mshTime: SentTime = { value: v(msh, 7), segment: 'MSH', occurrence: 1, field: 7, order: 0 };
  const results: ExtractResult[] = [];
  const problems: Problem[] = [];
  const occurrences = new Map<string, number>();
  const pv1 = segments.find((s) => s.name === 'PV1');
  const pointOfCare = v(pv1, 3, 1);

  interface Order {
    orc?: Hl7Segment;
    obr?: Hl7Segment;
    obrN: number;
    obrOrder: number;
    spm?: Hl7Segment;
    spmN: number;
    obx: { seg: Hl7Segment; n: number; order: number }[];
    sac?: { seg: Hl7Segment; order: number };
    specimen: number;
  }
  const orders: Order[] = [];
  const oul = type9 === 'OUL^R22';
  let pendingOrc: Hl7Segment | undefined;
  let current: Order | undefined;
  /** OUL: the specimen's own segments before its first order. */
  let specimen: Order | undefined;
  let specimens = 0;
  const newOrder = (base?: Partial<Order>): Order => {
    const o: Order = { obrN: 0, obrOrder: 0, spmN: 0, obx: [], specimen: specimens, ...base };
    orders.push(o);
    return o;
  };
  segments.forEach((seg, index) => {
    const n = (occurrences.get(seg.name) ?? 0) + 1;
    occurrences.set(seg.name, n);
    switch (seg.name) {
      case 'ORC':
        if (oul && current?.obr && !current.orc) current.orc = seg;
        else pendingOrc = seg;
        break;
      case 'OBR':
        if (oul && specimen && specimen.obr === undefined && specimen.obrN === 0) {
          // The specimen's own OBX and SAC belong to its first order.
          specimen.obr = seg;
          specimen.obrN = n;
          specimen.obrOrder = index;
          current = specimen;
        } else {
          current = newOrder({
            obr: seg,
            obrN: n,
            obrOrder: index,
            orc: oul ? undefined : pendingOrc,
            spm: oul ? specimen?.spm : undefined,
            spmN: oul ? (specimen?.spmN ?? 0) : 0,
          });
        }
        pendingOrc = undefined;
        break;
      case 'SPM':
        if (oul) {
          specimens++;
          specimen = newOrder({ spm: seg, spmN: n, specimen: specimens });
          current = specimen;
        } else if (current) {
          current.spm = seg;
          current.spmN = n;
        } else {
          current = newOrder({ spm: seg, spmN: n });
        }
        break;
      case 'SAC':
        if (oul && specimen) specimen.sac = { seg, order: index };
        break;
      case 'OBX':
        (current ?? (current = newOrder())).obx.push({ seg, n, order: index });
        break;
      default:
        break; // PID, PV2, NTE, Z-segments …: skipped unread
    }
  });

  for (const order of orders) {
    if (order.obx.length === 0 && !(order.sac && v(order.sac.seg, 32) !== '')) continue;
    const sampleId =
      v(order.spm, 2, 2, 0) || v(order.spm, 2, 1, 0) || v(order.obr, 3, 1) || v(order.obr, 2, 1);
    if (!sampleId) {
      problems.push(
        problemOf('no_sample_id', String(order.obrN), `OBR^${order.obrN}^3`, order.obrOrder),
      );
      continue;
    }
    const key = sampleKey(sampleId);
    const location = v(order.orc, 13, 1) || pointOfCare;
    const obr7 = v(order.obr, 7, 1);
    const spm17 = v(order.spm, 17, 1);
    const time: SentTime = obr7
      ? { value: obr7, segment: 'OBR', occurrence: order.obrN, field: 7, order: order.obrOrder }
      : spm17
        ? { value: spm17, segment: 'SPM', occurrence: order.spmN, field: 17, order: 0 }
        : mshTime;
    for (const { seg, n, order: at } of order.obx) {
      const status = v(seg, 11);
      if (actionOfObxStatus(status) === null) {
        problems.push({
          reason: 'bad_status',
          location: `OBX^${n}^11`,
          message: `OBX ${n}: result status ${status} is unknown.`,
          order: at,
        });
        continue;
      }
      const codes: SentCode[] = [];
      const c1 = v(seg, 3, 1);
      const c4 = v(seg, 3, 4);
      if (c1) codes.push({ system: v(seg, 3, 3), code: c1, text: v(seg, 3, 2) });
      if (c4) codes.push({ system: v(seg, 3, 6), code: c4, text: v(seg, 3, 5) });
      if (codes.length === 0) codes.push({ system: '', code: '', text: '' });
      const type = v(seg, 2);
      let value = v(seg, 5, 1);
      let nonNumeric = false;
      if (type === 'SN') {
        const [cmp, num1, separator, num2] = [1, 2, 3, 4].map((c) => v(seg, 5, c));
        nonNumeric = separator !== '' || num2 !== '';
        value = `${cmp}${num1}`;
      }
      results.push({
        sampleKey: key,
        location,
        time,
        codes,
        fixedAnalyte: null,
        specimen: order.specimen,
        value,
        nonNumeric,
        unit: v(seg, 6, 1) || v(seg, 6, 2),
        status,
        name: `OBX ${n}`,
        valueAt: `OBX^${n}^5`,
        statusAt: `OBX^${n}^11`,
        order: at,
      });
    }
    if (order.sac && v(order.sac.seg, 32) !== '') {
      const sacN = segments.slice(0, order.sac.order + 1).filter((s) => s.name === 'SAC').length;
      results.push({
        sampleKey: key,
        location,
        time,
        codes: [{ system: 'HL7', code: 'SAC-32', text: '' }],
        fixedAnalyte: 'h_index',
        specimen: order.specimen,
        value: v(order.sac.seg, 32, 1),
        nonNumeric: false,
        unit: v(order.sac.seg, 33, 1),
        status: 'F',
        name: `SAC ${sacN}`,
        valueAt: `SAC^${sacN}^32`,
        statusAt: '',
        order: order.sac.order,
      });
    }
  }
  return {
    kind: 'read',
    extract: { version: 1, source: 'hl7', header, results, problems },
  };
}

/** The one ACK of a message (section 2.2), original mode, ERR segments for AE and AR (≤ 10, in message order). */
export const buildAck = (
  header: ExtractHeader | null,
  code: AckCode,
  problems: readonly Problem[],
  now: Date,
): string =>
  buildAckText(
    header,
    code,
    [...problems]
      .sort((a, b) => a.order - b.order)
      .map((p) => ({
        location: p.location,
        code:
          (HL7_ERRORS as Record<string, readonly [string, unknown]>)[p.reason]?.[0] ??
          '207^Application internal error',
        reason: p.reason,
        message: p.message,
      })),
    now,
    ackId(now, randomBytes(3).toString('hex')),
  );

/** The ACK in the message's character set (ISO-8859-1 where the message said so). */
export const encodeAck = (ack: string, header: ExtractHeader | null): Buffer =>
  Buffer.from(encodeAckBytes(ack, header?.charset === '8859/1'));
