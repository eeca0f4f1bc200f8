import type { LabelDto } from '../../../shared/api/labels';
import type { Label } from '../../entities/label';

export function presentLabel(label: Label): LabelDto {
  return { id: label.id, label: label.label, color: label.color };
}

/** A record's, line's or data set's labels as every answer lists them: by label text. */
export const presentLabels = (labels: Label[] | undefined): LabelDto[] =>
  (labels ?? []).map(presentLabel).sort((a, b) => a.label.localeCompare(b.label));
