import type { EntityManager } from 'typeorm';
import type { RecordAlarmDto } from '../../../shared/api/records';

/**
 * The events these records' firings opened or were counted on (monitoring_event_firings), each
 * record's oldest event first: the flag a run that fired keeps (issue 44).
 */
export async function alarmsOfRecords(
  manager: EntityManager,
  recordIds: number[],
): Promise<Map<number, RecordAlarmDto[]>> {
  const alarms = new Map<number, RecordAlarmDto[]>();
  if (!recordIds.length) return alarms;
  const rows: (RecordAlarmDto & { record_id: number })[] = await manager.query(
    `SELECT f.record_id, e.id AS event, e.line_id AS line, e.rule, e.side, e.status
       FROM monitoring_event_firings f JOIN monitoring_events e ON e.id = f.event_id
      WHERE f.record_id = ANY($1)
      ORDER BY e.opened_at, e.id`,
    [recordIds],
  );
  for (const { record_id, ...alarm } of rows)
    alarms.set(record_id, [...(alarms.get(record_id) ?? []), alarm]);
  return alarms;
}

/** The names of lines and of users ('First Last', or their e-mail) by id, for words. */
export async function namesOf(
  manager: EntityManager,
  lineIds: number[],
  userIds: number[],
): Promise<{ lines: Map<number, string>; users: Map<number, string> }> {
  const lines: { id: number; name: string }[] = await manager.query(
    'SELECT id, name FROM lines WHERE id = ANY($1)',
    [lineIds],
  );
  const users: { id: number; name: string }[] = await manager.query(
    `SELECT id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) AS name
       FROM users WHERE id = ANY($1)`,
    [userIds],
  );
  return {
    lines: new Map(lines.map((l) => [l.id, l.name])),
    users: new Map(users.map((u) => [u.id, u.name])),
  };
}
