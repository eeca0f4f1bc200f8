import type { EntityManager } from 'typeorm';
import { ARCHIVED_LINE_CHOSEN } from '../../../shared/api/records';
import { Line } from '../../entities/line';
import { invalidField } from '../../http/errors';

/**
 * The line records of an institute may be assigned to (monitoring.md section 4): one of that
 * institute's lines, not archived. The single edit and the bulk edit both ask here.
 */
export async function assignableLine(
  manager: EntityManager,
  instituteId: number,
  lineId: number,
): Promise<Line> {
  const line = await manager.getRepository(Line).findOneBy({ id: lineId, instituteId });
  if (!line) throw invalidField('line', 'No such line.');
  if (line.archived) throw invalidField('line', ARCHIVED_LINE_CHOSEN);
  return line;
}
