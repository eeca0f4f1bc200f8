import {
  PRODUCT_ACTOR,
  type AuditAction,
  type AuditEventOut,
  type AuditObjectType,
} from '../../../shared/api/audit';
import { DEFAULT_THRESHOLDS } from '../../../shared/rejection/model';

/**
 * The audit trail in words: the database names fields by their columns (`is_reviewed`,
 * `ldh_threshold`); the screens say what people call them. A field not listed reads as its
 * column with spaces.
 */
export const FIELD_WORDS: Record<string, string> = {
  exclude: 'Excluded',
  is_reviewed: 'Reviewed',
  is_hidden: 'Hidden',
  line_id: 'Line',
  validation_id: 'Validation',
  record_id: 'Record',
  institute_id: 'Organization',
  user_id: 'User',
  name: 'Name',
  description: 'Description',
  role: 'Role',
  email: 'E-mail',
  first_name: 'First name',
  last_name: 'Last name',
  is_active: 'Active',
  is_staff: 'Staff',
  password_hash: 'Password',
  totp_secret: 'Second factor',
  totp_confirmed_at: 'Second factor confirmed',
  feature_flags: 'Feature flags',
  timezone: 'Time zone',
  archived: 'Archived',
  status: 'Status',
  start_date: 'Start date',
  end_date: 'End date',
  ldh_threshold: 'LDH threshold',
  asat_threshold: 'ASAT threshold',
  potassium_threshold: 'Potassium threshold',
  make: 'Make',
  model: 'Model',
  is_hand_carried: 'Hand carried',
  length: 'Length',
  manufacturer: 'Manufacturer',
  labels: 'Labels',
  lines: 'Lines',
  institutes: 'Organizations',
  files: 'Files',
  domains: 'Domains',
  is_processed: 'Processed',
  processing_error: 'Processing error',
  text: 'Text',
  label: 'Label',
  color: 'Color',
  method: 'Method',
  reason: 'Reason',
  revoked_at: 'Revoked',
  revoked_reason: 'Revoked because',
  sso_family: 'Single sign-on session',
  password_login_allowed: 'Password sign-in allowed',
  provider_metadata: 'Provider configuration',
  records: 'Records',
  format: 'Format',
  filters: 'Filters',
};

export const fieldWords = (field: string): string => {
  if (Object.hasOwn(FIELD_WORDS, field)) return FIELD_WORDS[field];
  // A link's column names what it links to: closed_by_id reads 'Closed by' (issue 44).
  const spaced = field.replace(/_id$/, '').replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

export const ACTION_WORDS: Record<AuditAction, string> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  processed: 'Processed',
  processing_failed: 'Processing failed',
  rejections_recomputed: 'Rejections recomputed',
  password_changed: 'Password changed',
  password_reset_requested: 'Password reset requested',
  invitation_sent: 'Invitation sent',
  second_factor_reset: 'Second factor reset',
  signed_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  exported: 'Exported',
  imported: 'Imported',
};

export const OBJECT_WORDS: Record<AuditObjectType, string> = {
  institute: 'Organization',
  user: 'User',
  record: 'Record',
  line: 'Line',
  vial: 'Vial',
  validation: 'Validation',
  contract: 'Contract',
  label: 'Label',
  analyzer: 'Analyzer',
  clinical_data: 'Clinical data',
  hemolysis_data: 'Hemolysis data',
  hemolysis_measurement: 'Hemolysis measurement',
  report: 'Report',
  comment: 'Comment',
  event: 'Event',
  notification_settings: 'Notification settings',
  sso: 'Single sign-on',
  access_token: 'Access token',
  session: 'Session',
  export: 'Export',
  comparison_study: 'Comparison study',
  comparison_exclusion: 'Comparison study exclusion',
  lab_feed_settings: 'Lab feed settings',
  lab_feed_location: 'Lab feed location',
  lab_feed_code: 'Lab feed result code',
  lab_feed_message: 'Lab feed message',
};

const known = <K extends string>(words: Record<K, string>, key: string): string =>
  Object.hasOwn(words, key) ? words[key as K] : fieldWords(key);

export const actionWords = (action: string) => known(ACTION_WORDS, action);
export const objectWords = (type: string) => known(OBJECT_WORDS, type);

/** Who acted: their e-mail as it was then, or the product itself. */
export const actorWords = (event: Pick<AuditEventOut, 'actor'>) =>
  event.actor?.email || PRODUCT_ACTOR;

/**
 * Names of linked things by field (a label's id → its name, a line's id → its name, a user's id
 * → their e-mail), as the entry brings them; undefined leaves the value as it is.
 */
export type LinkNames = (field: string, value: unknown) => string | undefined;

/** An instant as the database writes it (microseconds, an offset): shown as a date instead. */
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** A value as a person reads it: Yes/No, a dash for nothing, lists joined, instants as dates. */
export function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && INSTANT.test(value))
    return zonedDateTime(value.replace(' ', 'T'), undefined);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(valueWords).join(', ') : '—';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldWords(k)} ${valueWords(v)}`)
      .join(', ');
  }
  return String(value);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * One field's change in words: "Excluded: No → Yes", "Password: changed", "Labels: added
 * Fragile", "Name: Lab A" (a creation), "Name: was Lab A" (a deletion), "Records: 123" (a
 * summary's figure).
 */
export function changeWords(field: string, change: unknown, names?: LinkNames): string {
  const label = fieldWords(field);
  const named = (v: unknown) => names?.(field, v) ?? valueWords(v);
  if (!isRecord(change)) return `${label}: ${valueWords(change)}`;
  if (change.changed === true) return `${label}: changed`;
  if ('added' in change) return `${label}: added ${named(change.added)}`;
  if ('removed' in change) return `${label}: removed ${named(change.removed)}`;
  const hasBefore = 'before' in change;
  const hasAfter = 'after' in change;
  if (hasBefore && hasAfter) return `${label}: ${named(change.before)} → ${named(change.after)}`;
  if (hasAfter) return `${label}: ${named(change.after)}`;
  if (hasBefore) return `${label}: was ${named(change.before)}`;
  return `${label}: ${valueWords(change)}`;
}

/** Every change of an entry in words, in the order the entry holds them. */
export const changesWords = (changes: Record<string, unknown>, names?: LinkNames): string[] =>
  Object.entries(changes)
    // A creation's own id is the entry's object, shown beside it.
    .filter(([field]) => field !== 'id')
    .map(([field, change]) => changeWords(field, change, names));

/**
 * An institute's analyzer is saved the first time its settings change: until then the defaults
 * of rejection-model.md were in force, so its creation reads as the change from them.
 */
const ANALYZER_BEFORE_SAVED: Record<string, unknown> = {
  make: null,
  model: null,
  ldh_threshold: DEFAULT_THRESHOLDS.ldh,
  asat_threshold: DEFAULT_THRESHOLDS.asat,
  potassium_threshold: DEFAULT_THRESHOLDS.potassium,
};

function fromAnalyzerDefaults(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(changes).flatMap(([field, change]) => {
      if (!Object.hasOwn(ANALYZER_BEFORE_SAVED, field) || !isRecord(change)) return [];
      const before = ANALYZER_BEFORE_SAVED[field];
      return change.after === before ? [] : [[field, { before, after: change.after }]];
    }),
  );
}

/**
 * An entry in words: its action and each change, with what it links named (also once deleted)
 * and an analyzer's first save as the change from the defaults it had (issue 44).
 */
export function entryWords(
  event: Pick<AuditEventOut, 'object_type' | 'action' | 'changes' | 'names'>,
): { action: string; changes: string[] } {
  const names: LinkNames = (field, value) => event.names[`${field}:${String(value)}`];
  if (event.object_type === 'analyzer' && event.action === 'created')
    return {
      action: ACTION_WORDS.updated,
      changes: changesWords(fromAnalyzerDefaults(event.changes), names),
    };
  return { action: actionWords(event.action), changes: changesWords(event.changes, names) };
}

/**
 * An entry's object in words: its type and name (a user's e-mail), else its id; an institute's
 * one analyzer by its type alone.
 */
export const objectNameWords = (
  event: Pick<AuditEventOut, 'object_type' | 'object_id' | 'object_name'>,
) => {
  const which = event.object_type === 'analyzer' ? null : (event.object_name ?? event.object_id);
  return `${objectWords(event.object_type)}${which === null ? '' : ` ${which}`}`;
};

/** The page of an object that has one (by type and id), else none. */
export function objectPath(type: string, id: string | null): string | null {
  if (id === null) return null;
  switch (type) {
    case 'record':
      return `/record/${id}`;
    case 'line':
      return `/line/${id}/summary`;
    case 'validation':
      return `/validation/${id}`;
    case 'user':
      return `/users/edit/${id}`;
    case 'contract':
      return `/contracts/${id}/edit`;
    case 'hemolysis_data':
      return `/hemolysis-index-data/${id}`;
    case 'analyzer':
      return '/settings';
    case 'label':
      return '/labels';
    case 'event':
      return '/events';
    default:
      return null;
  }
}

/** The History page of an object, also once it is deleted. */
export const historyPath = (institute: number, type: string, id: string | null) =>
  `/history/${encodeURIComponent(type)}${id === null ? '' : `/${encodeURIComponent(id)}`}?institute=${institute}`;

/** An instant as 'dd MMM yyyy HH:mm' in the institute's time zone (the browser's without one). */
export function zonedDateTime(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')} ${get('month')} ${get('year')} ${get('hour')}:${get('minute')}`;
}
