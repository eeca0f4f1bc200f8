/**
 * The lab feed's rules (lab-feed.md sections 2, 5 and 6), pure and defined once: the analytes,
 * their canonical units, plausible maxima and unit factors, how a sent value and unit read, how a
 * result's status acts on the current one, and the SQL condition of a result that counts.
 */

/** The analytes a result code maps to, in the spec's order. */
export const LAB_FEED_ANALYTES = ['h_index', 'potassium', 'ldh', 'asat', 'pfhb'] as const;
export type LabFeedAnalyte = (typeof LAB_FEED_ANALYTES)[number];

/** Canonical units, as clinical data (section 5). */
export const CANONICAL_UNITS: Readonly<Record<LabFeedAnalyte, string>> = {
  h_index: 'mg/dL',
  pfhb: 'mg/dL',
  potassium: 'mmol/L',
  ldh: 'U/L',
  asat: 'U/L',
};

/** Plausible maxima in the canonical unit: above, AE `implausible_value` or pending `implausible`. */
export const PLAUSIBLE_MAXIMA: Readonly<Record<LabFeedAnalyte, number>> = {
  h_index: 5000,
  pfhb: 5000,
  potassium: 50,
  ldh: 100_000,
  asat: 100_000,
};

const HB_MASS: Readonly<Record<string, number>> = {
  'mg/dl': 1,
  'g/l': 100,
  'mg/l': 0.1,
  'g/dl': 1000,
  'umol/l': 1.61145,
};
const ENZYME: Readonly<Record<string, number>> = {
  'u/l': 1,
  'iu/l': 1,
  'ukat/l': 60,
  'nkat/l': 0.06,
};

/** The built-in factors of each analyte, by normalised unit (section 5's table). */
export const UNIT_FACTORS: Readonly<Record<LabFeedAnalyte, Readonly<Record<string, number>>>> = {
  h_index: { '': 1, index: 1, ...HB_MASS },
  pfhb: HB_MASS,
  potassium: { 'mmol/l': 1, 'meq/l': 1 },
  ldh: ENZYME,
  asat: ENZYME,
};

/** A mapping's own unit factors: at most this many, each 0 < factor ≤ this maximum. */
export const UNIT_FACTOR_MAX = 1_000_000;
export const UNITS_PER_CODE_MAX = 20;
/** At most this many mappings of each kind per organization. */
export const LAB_FEED_MAPPINGS_MAX = 10_000;
/** At most this many pending results per organization (then AR `inbox_full`). */
export const LAB_FEED_INBOX_MAX = 1_000_000;
/** Results of one message (OBX and SAC-32) and Observations of one bundle. */
export const LAB_FEED_RESULTS_MAX = 1000;
export const LAB_FEED_HL7_BYTES_MAX = 1024 * 1024;
export const LAB_FEED_FHIR_BYTES_MAX = 5 * 1024 * 1024;
export const LAB_FEED_FHIR_ENTRIES_MAX = 2000;
/** Days a rejected message keeps its extract. */
export const LAB_FEED_REJECTED_DAYS = 30;
/** Days the status answers, newest first. */
export const LAB_FEED_STATUS_DAYS = 14;
/** The field lengths a result keeps (section 4). */
export const CODE_LIMITS = { system: 100, code: 100, text: 200, unit: 40 } as const;

/** A unit as sent, normalised: trimmed, spaces removed, lower case, micro → u, [iu] → iu. */
export function normaliseUnit(unit: string): string {
  return unit
    .trim()
    .replace(/\s+/g, '')
    .toLowerCase()
    .replace(/µ|μ|mikro|micro/g, 'u')
    .replace(/\[iu\]/g, 'iu');
}

/** The factor of a normalised unit for an analyte: the mapping's own first, then the table. */
export function unitFactor(
  analyte: LabFeedAnalyte,
  unit: string,
  own: Readonly<Record<string, number>> | null,
): number | null {
  if (own && Object.hasOwn(own, unit)) return own[unit];
  const table = UNIT_FACTORS[analyte];
  return Object.hasOwn(table, unit) ? table[unit] : null;
}

/** round(x, 6), half away from zero. */
export function round6(x: number): number {
  const scaled = Math.abs(x) * 1e6;
  const r = Math.round(Number(scaled.toPrecision(15)));
  return (Math.sign(x) * r) / 1e6;
}

export type Comparator = '<' | '<=' | '>' | '>=';
export type ResultFlag = 'hemolysed' | 'non_numeric';

/** A sent value read (section 5): a number (with its comparator), or a flag. */
export type ReadValue =
  | { kind: 'number'; number: number; comparator: Comparator | null; negative: boolean }
  | { kind: 'flag'; flag: ResultFlag };

const NUMBER = /^(<=|>=|<|>)?\s*(-|−)?(\d+([.,]\d+)?|[.,]\d+)$/;
const HEMOLYSED_WORDS = ['H', 'HE', 'HEM'];
const HEMOLYSED_STARTS = ['HEMOLY', 'HAEMOLY', 'HÆMOLY', 'HÄMOLY', 'HÉMOLY'];

/** Text as a number, a hemolysed flag, or non-numeric (an SN's parts already joined). */
export function readValue(sent: string): ReadValue {
  const trimmed = sent.trim();
  const m = NUMBER.exec(trimmed);
  if (m) {
    return {
      kind: 'number',
      number: Number(m[3].replace(',', '.')),
      comparator: (m[1] as Comparator | undefined) ?? null,
      negative: m[2] !== undefined,
    };
  }
  const upper = trimmed.toUpperCase();
  if (HEMOLYSED_WORDS.includes(upper) || HEMOLYSED_STARTS.some((s) => upper.startsWith(s))) {
    return { kind: 'flag', flag: 'hemolysed' };
  }
  return { kind: 'flag', flag: 'non_numeric' };
}

/** The statuses a stored result may have. */
export const RESULT_STATUSES = ['preliminary', 'final', 'corrected', 'cannot_obtain'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** What an incoming result does to the current one (section 5's status table). */
export const RESULT_ACTIONS = [
  'preliminary',
  'final',
  'corrected',
  'made_final',
  'cannot_obtain',
  'delete',
] as const;
export type ResultAction = (typeof RESULT_ACTIONS)[number];

/** OBX-11 → action; `ignored` for I, N, O; null for an unknown status (AE `bad_status`). */
export function actionOfObxStatus(status: string): ResultAction | 'ignored' | null {
  switch (status.toUpperCase()) {
    case '':
    case 'F':
    case 'B':
      return 'final';
    case 'C':
    case 'A':
      return 'corrected';
    case 'P':
    case 'R':
    case 'S':
      return 'preliminary';
    case 'U':
      return 'made_final';
    case 'X':
      return 'cannot_obtain';
    case 'D':
    case 'W':
      return 'delete';
    case 'I':
    case 'N':
    case 'O':
      return 'ignored';
    default:
      return null;
  }
}

/** FHIR Observation.status → action (section 3); others ignored. */
export function actionOfFhirStatus(status: unknown): ResultAction | 'ignored' {
  switch (status) {
    case 'final':
      return 'final';
    case 'amended':
    case 'corrected':
      return 'corrected';
    case 'preliminary':
      return 'preliminary';
    case 'cancelled':
      return 'cannot_obtain';
    case 'entered-in-error':
      return 'delete';
    default:
      return 'ignored';
  }
}

/**
 * Whether an incoming action replaces the current result (of status `current`, or none), and the
 * status the new one then has; null: ignored (the current one stays), 'none': nothing is current.
 */
export function applyAction(
  current: ResultStatus | null,
  action: ResultAction,
): ResultStatus | 'none' | null {
  switch (action) {
    case 'preliminary':
      return current === null || current === 'preliminary' ? 'preliminary' : null;
    case 'final':
      return current === 'corrected' ? null : 'final';
    case 'corrected':
      return 'corrected';
    case 'made_final':
      return current === 'preliminary' ? 'final' : null;
    case 'cannot_obtain':
      return current === null || current === 'preliminary' ? 'cannot_obtain' : null;
    case 'delete':
      return 'none';
  }
}

/** Why a result waits in the needs-mapping inbox (section 6). */
export const PENDING_REASONS = ['location', 'code', 'unit', 'implausible'] as const;
export type PendingReason = (typeof PENDING_REASONS)[number];

/**
 * The SQL condition of a result that counts (section 5): current, filed, final or corrected,
 * with a value, on a line. `alias` is the `lab_feed_results` row's alias.
 */
export function countingResultSql(alias: string): string {
  return `${alias}.is_current AND ${alias}.state = 'filed' AND ${alias}.status IN ('final','corrected') AND ${alias}.value IS NOT NULL AND ${alias}.line_id IS NOT NULL`;
}

/** The denial of mapping writes, messages' retry and settings to others than owners and admins. */
export const LAB_FEED_WRITE_DENIED =
  'Only an owner or admin of the organization can change the lab feed.';
export const GUESTS_CANNOT_SEND = 'Guests cannot send results.';
