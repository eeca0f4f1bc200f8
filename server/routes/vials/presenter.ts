import type { Vial as VialDto } from '../../../shared/api/vials';
import type { Vial } from '../../entities/vial';

export const presentVial = (v: Vial): VialDto => ({
  id: v.id,
  label: v.label,
  uuid: v.uuid,
  version: v.version,
  institute: v.instituteId,
  notes: v.notes,
  is_deleted: v.isDeleted,
  diff_file_url: null,
});
