import type { LineDto, LineValidationRow } from '../../../shared/api/lines';
import type { LineValidation, LineView } from '../../domain/lines/service';
import { presentLabels } from '../labels/presenter';

export function presentLine({ line, statistics, monitoring, openEvents }: LineView): LineDto {
  return {
    id: line.id,
    name: line.name,
    description: line.description,
    length: line.length,
    is_hand_carried: line.isHandCarried,
    manufacturer: line.manufacturer,
    archived: line.archived,
    labels: presentLabels(line.labels),
    institute: line.instituteId,
    has_hemolysis: line.hasHemolysis,
    line_statistics: statistics,
    ...monitoring,
    open_events: openEvents,
  };
}

export function presentLineValidation({
  validation,
  statistics,
}: LineValidation): LineValidationRow {
  return {
    validation_id: validation.id,
    validation_name: validation.name,
    validation_start_date: validation.startDate,
    status: validation.status,
    ...statistics,
  };
}
