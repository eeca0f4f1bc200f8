/**
 * What the lab feed reads of a message or bundle (lab-feed.md sections 2.1 and 3), the same for
 * HL7 v2 and FHIR: the extract a rejected message keeps (sample ids already hashed) and a retry
 * runs again, and the problems found while reading it.
 */
import type { MessageSource } from '../../../shared/api/lab-feed';

/** A problem of section 2.2's table: its reason, where (`OBX^2^5`, `Bundle.entry[3]…`), message. */
export interface Problem {
  reason: string;
  /** HL7: `{segment}^{occurrence}^{field}` ("" for none); FHIR: the FHIRPath expression. */
  location: string;
  message: string;
  /** The segment's position in the message (or the entry's index): problems are listed in order. */
  order: number;
}

/** A time as sent, with where it was read (the problem names that place). */
export interface SentTime {
  value: string;
  /** HL7: segment, occurrence, field (`OBR`, 1, 7); FHIR: the entry's expression. */
  segment: string;
  occurrence: number;
  field: number;
  order: number;
}

/** A code as sent: system, code, its text. */
export interface SentCode {
  system: string;
  code: string;
  text: string;
}

/** One result as read, before the mappings (section 4's fields, the sample id hashed). */
export interface ExtractResult {
  /** HMAC of the sample id under the organization's key. */
  sampleKey: string;
  location: string;
  time: SentTime | null;
  /** The candidates in lookup order; the first is the result's code while none is mapped. */
  codes: SentCode[];
  /** A fixed analyte that needs no mapping (SAC-32: h_index). */
  fixedAnalyte: 'h_index' | null;
  /** The specimen (HL7 OUL^R22) or sample the result belongs to: an OBX mapped to h_index wins over SAC-32. */
  specimen: number;
  /** Text to read as a value (SN joined as `comparator number`), or null when the value type is non-numeric. */
  value: string;
  /** Whether a structured numeric type (SN) carried a second number: non-numeric. */
  nonNumeric: boolean;
  unit: string;
  /** The sent status: OBX-11, or the FHIR status. */
  status: string;
  /** `OBX {n}` / `Bundle.entry[{i}]`, as messages name the result. */
  name: string;
  /** Where an OBX-5 problem is (`OBX^n^5`), or the FHIR expression. */
  valueAt: string;
  statusAt: string;
  order: number;
  /** FHIR: the entry's index (the response has one entry per request entry). */
  entry?: number;
}

/** The header of a message (MSH; a bundle's identifier plays MSH-4 and MSH-10). */
export interface ExtractHeader {
  sendingApplication: string;
  sendingFacility: string;
  receivingApplication: string;
  receivingFacility: string;
  controlId: string;
  messageType: string;
  /** MSH-9.2, for the ACK's type. */
  trigger: string;
  processingId: string;
  version: string;
  charset: string;
}

/** What is kept of a rejected message, to run again. */
export interface Extract {
  version: 1;
  source: MessageSource;
  header: ExtractHeader;
  /** When the message arrived (MSH-7's stand-in for the future check is `receivedAt`). */
  results: ExtractResult[];
  /** Problems found while reading (missing sample ids, statuses): they stay on a retry. */
  problems: Problem[];
  /** FHIR: the number of request entries, for the response. */
  entries?: number;
}
