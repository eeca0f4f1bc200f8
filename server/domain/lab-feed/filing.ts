/**
 * How a result files (lab-feed.md sections 5 and 6), pure: its analyte, line, value and what
 * keeps it pending under today's mappings, and the status rules replayed over a sample's results
 * in arrival order. Used alike on arrival, by a mapping's change and by a retry.
 */
import {
  PLAUSIBLE_MAXIMA,
  applyAction,
  normaliseUnit,
  round6,
  unitFactor,
  type Comparator,
  type LabFeedAnalyte,
  type PendingReason,
  type ResultAction,
  type ResultFlag,
  type ResultStatus,
} from '../../../shared/domain/lab-feed';
import type { SentCode } from './extract';

/** Today's mappings of the codes and locations a piece of work needs. */
export interface Mappings {
  /** Location code → line id, or null: ignored. Absent: unmapped. */
  locations: Map<string, number | null>;
  /** `system\u0000code` → analyte (null: ignored) and the code's own unit factors. */
  codes: Map<string, { analyte: LabFeedAnalyte | null; units: Record<string, number> }>;
}

export const codeKey = (system: string, code: string) => `${system}\u0000${code}`;

/** The code SAC-32 results carry: h_index, no mapping needed. */
export const SAC_CODE = { system: 'HL7', code: 'SAC-32' } as const;

/** What a result holds as sent (kept per result: sections 4 and 5). */
export interface SentResult {
  location: string;
  code: SentCode;
  alternates: { system: string; code: string }[];
  numberSent: number | null;
  unitSent: string | null;
  comparator: Comparator | null;
  flag: ResultFlag | null;
  action: ResultAction;
}

/** A result under today's mappings. */
export type Filed =
  | { ignored: true }
  | {
      ignored: false;
      analyte: LabFeedAnalyte | null;
      lineId: number | null;
      /** The code the mapping matched (else the first sent). */
      code: { system: string; code: string };
      pendingReasons: PendingReason[];
      value: number | null;
      /** The unit's factor applied, when it had one. */
      factor: number | null;
    };

/** A result's analyte, line, value and pending reasons under `maps` (null mapping: ignored). */
export function fileResult(r: SentResult, maps: Mappings): Filed {
  const reasons: PendingReason[] = [];
  let analyte: LabFeedAnalyte | null = null;
  let units: Record<string, number> | null = null;
  let code: { system: string; code: string } = r.code;
  const mapped = [r.code, ...r.alternates]
    .map((c) => ({ c, m: maps.codes.get(codeKey(c.system, c.code)) }))
    .find((x) => x.m !== undefined);
  if (mapped?.m) {
    if (mapped.m.analyte === null) return { ignored: true };
    analyte = mapped.m.analyte;
    units = mapped.m.units;
    code = mapped.c;
  } else if (r.code.system === SAC_CODE.system && r.code.code === SAC_CODE.code) {
    analyte = 'h_index';
  } else {
    reasons.push('code');
  }
  const line = maps.locations.get(r.location);
  if (line === null) return { ignored: true };
  if (line === undefined) reasons.push('location');
  let value: number | null = null;
  let factor: number | null = null;
  if (analyte && r.numberSent !== null) {
    factor = unitFactor(analyte, normaliseUnit(r.unitSent ?? ''), units);
    if (factor === null) reasons.push('unit');
    else {
      value = round6(r.numberSent * factor);
      if (value > PLAUSIBLE_MAXIMA[analyte]) reasons.push('implausible');
    }
  }
  return {
    ignored: false,
    analyte,
    lineId: line ?? null,
    code,
    pendingReasons: reasons,
    value,
    factor,
  };
}

/** The status a result stands for on its own (the one it gets when it becomes current). */
export const nominalStatus = (action: ResultAction): ResultStatus =>
  action === 'made_final' || action === 'delete' ? 'final' : action;

/** A filed result of one (sample, analyte), in arrival order, as the replay sees it. */
export interface ReplayRow {
  action: ResultAction;
  value: number | null;
  comparator: Comparator | null;
  flag: ResultFlag | null;
}

/** What the replay decides for one row: current or not, and the status and value it then has. */
export interface ReplayOutcome {
  isCurrent: boolean;
  status: ResultStatus;
  value: number | null;
  comparator: Comparator | null;
  flag: ResultFlag | null;
}

/**
 * Section 5's status table over a (sample, analyte)'s filed results in arrival order: which one
 * is current at the end, with what status and value (a "made final" takes its preliminary's).
 */
export function replay(rows: readonly ReplayRow[]): ReplayOutcome[] {
  const out: ReplayOutcome[] = rows.map((r) => ({
    isCurrent: false,
    status: nominalStatus(r.action),
    value: r.action === 'cannot_obtain' || r.action === 'delete' ? null : r.value,
    comparator: r.comparator,
    flag: r.flag,
  }));
  let current: number | null = null;
  rows.forEach((r, i) => {
    const next = applyAction(current === null ? null : out[current].status, r.action);
    if (next === null) return;
    if (next === 'none') {
      current = null;
      return;
    }
    if (r.action === 'made_final' && current !== null) {
      out[i].value = out[current].value;
      out[i].comparator = out[current].comparator;
      out[i].flag = out[current].flag;
    }
    out[i].status = next;
    current = i;
  });
  if (current !== null) out[current].isCurrent = true;
  return out;
}
