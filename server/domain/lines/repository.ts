import type { EntityManager } from 'typeorm';
import type { PageQuery } from '../../../shared/api/common';
import type { EventStatus } from '../../../shared/domain/event-words';
import type { LineListQuery } from '../../../shared/api/lines';
import { Line } from '../../entities/line';
import { MonitoringEvent } from '../../entities/monitoring-event';
import { Validation } from '../../entities/validation';
import { containsPattern, paginate } from '../pagination';

const ORDERINGS = {
  id: 'l.id',
  name: 'l.name',
  length: 'l.length',
  manufacturer: 'l.manufacturer',
  archived: 'l.archived',
  is_hand_carried: 'l.isHandCarried',
  has_hemolysis: 'l.hasHemolysis',
};

/** A page of the institute's lines, with their labels, filtered as the list asks. */
export function pageOfLines(manager: EntityManager, instituteId: number, q: LineListQuery) {
  const qb = manager
    .getRepository(Line)
    .createQueryBuilder('l')
    .where('l.institute_id = :instituteId', { instituteId });
  if (q.archived !== undefined) qb.andWhere('l.archived = :archived', { archived: q.archived });
  if (q.has_hemolysis !== undefined) {
    qb.andWhere('l.has_hemolysis = :hasHemolysis', { hasHemolysis: q.has_hemolysis });
  }
  if (q.name__icontains) {
    qb.andWhere('l.name ILIKE :name', { name: containsPattern(q.name__icontains) });
  }
  if (q.labels?.length) {
    qb.andWhere(
      'EXISTS (SELECT 1 FROM line_labels ll WHERE ll.line_id = l.id AND ll.label_id IN (:...labelIds))',
      { labelIds: q.labels },
    );
  }
  return paginate(qb, q, ORDERINGS, 'name', (ids) =>
    manager
      .getRepository(Line)
      .createQueryBuilder('l')
      .leftJoinAndSelect('l.labels', 'label')
      .where('l.id IN (:...ids)', { ids })
      .getMany(),
  );
}

/**
 * How many events each line has waiting for someone (status open, not yet acknowledged): one
 * query on the index of events not closed, whatever the number of lines.
 */
export async function openEventCounts(
  manager: EntityManager,
  lineIds: number[],
): Promise<Map<number, number>> {
  if (lineIds.length === 0) return new Map();
  const rows: { lineId: number; count: string }[] = await manager
    .getRepository(MonitoringEvent)
    .createQueryBuilder('e')
    .select('e.line_id', 'lineId')
    .addSelect('count(*)', 'count')
    .where('e.line_id IN (:...lineIds)', { lineIds })
    .andWhere('e.status = :status', { status: 'open' satisfies EventStatus })
    .groupBy('e.line_id')
    .getRawMany();
  return new Map(rows.map((r) => [r.lineId, Number(r.count)]));
}

export const findLineWithLabels = (manager: EntityManager, id: number) =>
  manager.getRepository(Line).findOne({ where: { id }, relations: { labels: true } });

/** The institute's line with this id, or null. */
export const findInstituteLine = (manager: EntityManager, instituteId: number, id: number) =>
  manager.getRepository(Line).findOneBy({ id, instituteId });

export const newLine = (manager: EntityManager, fields: Partial<Line>) =>
  manager.getRepository(Line).create(fields);

export const saveLine = (manager: EntityManager, line: Line) =>
  manager.getRepository(Line).save(line);

/** A page of the validations the line takes part in. */
export function pageOfLineValidations(manager: EntityManager, lineId: number, q: PageQuery) {
  const qb = manager
    .getRepository(Validation)
    .createQueryBuilder('v')
    .where('v.id IN (SELECT validation_id FROM validation_lines WHERE line_id = :lineId)', {
      lineId,
    });
  return paginate(qb, q, { start_date: 'v.startDate', name: 'v.name', id: 'v.id' }, '-start_date');
}
