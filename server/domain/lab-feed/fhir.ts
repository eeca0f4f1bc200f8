/**
 * FHIR R4 for the lab feed (lab-feed.md section 3): a transaction or batch Bundle → its extract
 * (Observation status, code, value[x], effective[x], specimen, encounter; the referenced
 * Specimen's and Encounter's few fields; Patient and everything else skipped unread), and the
 * response Bundle.
 */
import { LAB_FEED_FHIR_ENTRIES_MAX, LAB_FEED_RESULTS_MAX } from '../../../shared/domain/lab-feed';
import type { Extract, ExtractHeader, ExtractResult, Problem, SentCode, SentTime } from './extract';

export const FHIR_MESSAGES = {
  notBundle: 'The body is not a FHIR R4 Bundle.',
  badType: 'Bundle.type must be transaction or batch.',
  noIdentifier: 'Bundle.identifier (system and value) is required: it makes a resend safe.',
} as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Code systems as the mappings name them. */
const SYSTEMS: Record<string, string> = {
  'http://loinc.org': 'LN',
  'urn:oid:1.2.208.176.2.1': 'NPU',
};

/** What reading a bundle gives: a refusal of the whole bundle (400), or its extract. */
export type FhirRead =
  | { kind: 'refused'; header: ExtractHeader | null; problem: Problem }
  | { kind: 'read'; extract: Extract; type: 'transaction' | 'batch' };

const refusal = (
  message: string,
  reason = 'not_bundle',
  header: ExtractHeader | null = null,
): FhirRead => ({
  kind: 'refused',
  header,
  problem: { reason, location: 'Bundle', message, order: 0 },
});

/** Reads a bundle; `sampleKey` hashes each sample id (never kept as sent). */
export function readBundle(body: unknown, sampleKey: (id: string) => string): FhirRead {
  if (!isObject(body) || body.resourceType !== 'Bundle') return refusal(FHIR_MESSAGES.notBundle);
  const type = body.type;
  if (type !== 'transaction' && type !== 'batch') return refusal(FHIR_MESSAGES.badType, 'bad_type');
  const identifier = isObject(body.identifier) ? body.identifier : {};
  const header: ExtractHeader = {
    sendingApplication: '',
    sendingFacility: str(identifier.system).slice(0, 200),
    receivingApplication: '',
    receivingFacility: '',
    controlId: str(identifier.value).slice(0, 200),
    messageType: `Bundle ${type}`,
    trigger: '',
    processingId: 'P',
    version: 'R4',
    charset: 'UNICODE UTF-8',
  };
  if (!header.sendingFacility || !header.controlId)
    return refusal(FHIR_MESSAGES.noIdentifier, 'no_identifier');
  const entries = list(body.entry);
  const observations = entries.filter(
    (e) => isObject(e) && isObject(e.resource) && e.resource.resourceType === 'Observation',
  ).length;
  if (entries.length > LAB_FEED_FHIR_ENTRIES_MAX || observations > LAB_FEED_RESULTS_MAX) {
    return refusal(
      `The message has ${Math.max(observations, entries.length).toLocaleString('en-US')} results; at most 1,000 are accepted.`,
      'too_many_results',
      header,
    );
  }
  const byUrl = new Map<string, Json>();
  for (const e of entries) {
    if (isObject(e) && isObject(e.resource) && str(e.fullUrl))
      byUrl.set(str(e.fullUrl), e.resource);
  }
  const results: ExtractResult[] = [];
  const problems: Problem[] = [];
  entries.forEach((entry, i) => {
    if (!isObject(entry) || !isObject(entry.resource)) return;
    const obs = entry.resource;
    if (obs.resourceType !== 'Observation') return;
    const at = `Bundle.entry[${i}]`;
    const contained = new Map<string, Json>();
    for (const c of list(obs.contained))
      if (isObject(c) && str(c.id)) contained.set(`#${str(c.id)}`, c);
    const resolveRef = (ref: unknown, type: string): Json | null => {
      const r = isObject(ref) ? str(ref.reference) : '';
      const found = contained.get(r) ?? byUrl.get(r);
      return found && found.resourceType === type ? found : null;
    };
    const specimen = resolveRef(obs.specimen, 'Specimen');
    const sampleId =
      str(isObject(specimen?.accessionIdentifier) ? specimen.accessionIdentifier.value : '') ||
      str(
        isObject(list(specimen?.identifier)[0])
          ? (list(specimen?.identifier)[0] as Json).value
          : '',
      );
    if (!sampleId) {
      problems.push({
        reason: 'no_sample_id',
        location: `${at}.resource.specimen`,
        message: `${at} has no sample identifier (SPM-2, OBR-3 or OBR-2).`,
        order: i,
      });
      return;
    }
    const encounter = resolveRef(obs.encounter, 'Encounter');
    const where = isObject(list(encounter?.location)[0])
      ? (list(encounter?.location)[0] as Json).location
      : null;
    let location = '';
    if (isObject(where)) {
      location = str(isObject(where.identifier) ? where.identifier.value : '');
      if (!location) {
        const place = resolveRef(where, 'Location');
        const first = list(place?.identifier)[0];
        location = str(isObject(first) ? first.value : '');
      }
    }
    const effectivePeriod = isObject(obs.effectivePeriod) ? obs.effectivePeriod : null;
    const collection = isObject(specimen?.collection) ? specimen.collection : null;
    const collectedPeriod = isObject(collection?.collectedPeriod)
      ? collection.collectedPeriod
      : null;
    const times: [unknown, string][] = [
      [obs.effectiveDateTime, `${at}.resource.effectiveDateTime`],
      [effectivePeriod?.start, `${at}.resource.effectivePeriod.start`],
      [collection?.collectedDateTime, `${at}.resource.specimen.collection.collectedDateTime`],
      [collectedPeriod?.start, `${at}.resource.specimen.collection.collectedPeriod.start`],
    ];
    const chosen = times.find(([v]) => str(v) !== '');
    const time: SentTime | null = chosen
      ? { value: str(chosen[0]), segment: chosen[1], occurrence: 0, field: 0, order: i }
      : { value: '', segment: `${at}.resource.effective[x]`, occurrence: 0, field: 0, order: i };
    const codes: SentCode[] = [];
    const code = isObject(obs.code) ? obs.code : {};
    for (const c of list(code.coding)) {
      if (!isObject(c) || !str(c.code)) continue;
      const system = str(c.system);
      codes.push({
        system: SYSTEMS[system] ?? system,
        code: str(c.code),
        text: str(c.display) || str(code.text),
      });
    }
    if (codes.length === 0) codes.push({ system: '', code: '', text: str(code.text) });
    let value = '';
    let unit = '';
    if (isObject(obs.valueQuantity)) {
      const q = obs.valueQuantity;
      value = typeof q.value === 'number' ? `${str(q.comparator)}${String(q.value)}` : '';
      unit = str(q.code) || str(q.unit);
    } else if (typeof obs.valueString === 'string') {
      value = obs.valueString;
    } else if (isObject(obs.valueCodeableConcept)) {
      const first = list(obs.valueCodeableConcept.coding)[0];
      value = isObject(first) ? str(first.code) : '';
    }
    results.push({
      sampleKey: sampleKey(sampleId),
      location,
      time,
      codes,
      fixedAnalyte: null,
      specimen: 0,
      value,
      nonNumeric: false,
      unit,
      status: str(obs.status),
      name: at,
      valueAt: `${at}.resource.value[x]`,
      statusAt: `${at}.resource.status`,
      order: i,
      entry: i,
    });
  });
  return {
    kind: 'read',
    type,
    extract: { version: 1, source: 'fhir', header, results, problems, entries: entries.length },
  };
}

const ISSUE_CODES: Record<string, 'invalid' | 'required' | 'value'> = {
  no_sample_id: 'required',
  no_identifier: 'required',
  bad_time: 'value',
  future_time: 'value',
  negative_value: 'value',
  implausible_value: 'value',
};

/** An OperationOutcome of problems (section 3's issues). */
export const operationOutcome = (problems: readonly Problem[]) => ({
  resourceType: 'OperationOutcome',
  issue: [...problems]
    .sort((a, b) => a.order - b.order)
    .map((p) => ({
      severity: 'error',
      code: ISSUE_CODES[p.reason] ?? 'invalid',
      details: { coding: [{ system: 'urn:vialqc:lab-feed-reason', code: p.reason }] },
      diagnostics: p.message,
      expression: [p.location],
    })),
});

/** The response Bundle: one entry per request entry, by each entry's status. */
export function responseBundle(
  type: 'transaction' | 'batch',
  entries: number,
  statusOf: (i: number) => string,
  outcomeOf: (i: number) => readonly Problem[] = () => [],
) {
  return {
    resourceType: 'Bundle',
    type: `${type}-response`,
    entry: Array.from({ length: entries }, (_, i) => {
      const status = statusOf(i);
      const problems = outcomeOf(i);
      return {
        response: { status, ...(problems.length && { outcome: operationOutcome(problems) }) },
      };
    }),
  };
}
