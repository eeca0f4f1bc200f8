import type { LabelDto } from '../../../shared/api/labels';
import type { Label } from '../../entities/label';

export function presentLabel(label: Label): LabelDto {
  return { id: label.id, label: label.label, color: label.color };
}
