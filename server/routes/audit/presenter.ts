import type { AuditEventOut, AuditEventPage } from '../../../shared/api/audit';
import type { AuditView, AuditViewPage } from '../../domain/audit/audit-log-service';

/** An entry as the API shows it: the product itself (no actor) has a null actor. */
export function presentAuditEvent({
  row,
  objectExists,
  objectName,
  names,
}: AuditView): AuditEventOut {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    institute: row.instituteId,
    actor:
      row.actorId === null && row.actorEmail === null
        ? null
        : { id: row.actorId, email: row.actorEmail ?? '' },
    client_address: row.clientAddress,
    request_id: row.requestId,
    object_type: row.objectType,
    object_id: row.objectId,
    action: row.action,
    changes: row.changes,
    object_exists: objectExists,
    object_name: objectName,
    names,
  };
}

export const presentAuditPage = (page: AuditViewPage): AuditEventPage => ({
  items: page.items.map(presentAuditEvent),
  total: page.total,
  capped: page.capped,
});
