import type {
  CodeMappingDto,
  FeedMessageDto,
  FeedResultDto,
  LocationMappingDto,
} from '../../../shared/api/lab-feed';
import type { CodeRow, LocationRow } from '../../domain/lab-feed/mappings';
import type { MessageRow, ResultRow } from '../../domain/lab-feed/operations';

export const presentLocation = (r: LocationRow): LocationMappingDto => ({
  id: r.id,
  code: r.code,
  line: r.line_id === null ? null : { id: r.line_id, name: r.line_name ?? '' },
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const presentCode = (r: CodeRow): CodeMappingDto => ({
  id: r.id,
  system: r.system,
  code: r.code,
  analyte: r.analyte,
  units: r.units,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const presentMessage = (m: MessageRow): FeedMessageDto => ({
  id: Number(m.id),
  source: m.source,
  state: m.state,
  received_at: m.received_at.toISOString(),
  sending_facility: m.sending_facility,
  control_id: m.control_id,
  message_type: m.message_type,
  results: { filed: m.results_filed, pending: m.results_pending, ignored: m.results_ignored },
  reasons: m.reasons,
  retries: m.retries,
  expires_at: m.expires_at ? m.expires_at.toISOString() : null,
});

export const presentResult = (r: ResultRow): FeedResultDto => ({
  id: Number(r.id),
  sample: r.sample,
  state: r.state,
  pending_reasons: r.pending_reasons,
  analyte: r.analyte,
  line: r.line_id === null ? null : { id: r.line_id, name: r.line_name ?? '' },
  location: r.location,
  code: { system: r.code_system, code: r.code_code, text: r.code_text },
  value: r.value,
  comparator: r.comparator,
  flag: r.flag,
  status: r.status,
  value_sent: r.value_sent,
  unit_sent: r.unit_sent,
  sampled_at: r.sampled_at.toISOString(),
  received_at: r.received_at.toISOString(),
  source: r.source,
  message: Number(r.message),
});
