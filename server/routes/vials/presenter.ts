import type { VialDiff, Vial as VialDto } from '../../../shared/api/vials';
import type { VialView } from '../../domain/vials/service';

/** Fetched with the bearer token; the route answers staff only. */
export const difFileUrl = (label: string) => `/v2/vials/${encodeURIComponent(label)}/diff-file`;

/** A vial as the API shows it; the DIF fields only to those who may download the file. */
export const presentVial = ({ vial: v, usage }: VialView, seesDif: boolean): VialDto => ({
  id: v.id,
  label: v.label,
  uuid: v.uuid,
  version: v.version,
  institute: v.instituteId,
  notes: v.notes,
  is_deleted: v.isDeleted,
  ...(seesDif && {
    diff_file_url: v.difSha256 ? difFileUrl(v.label) : null,
    diff_generated_at: v.difGeneratedAt?.toISOString() ?? null,
  }),
  uploads: usage.uploads,
  last_upload: usage.lastUpload?.toISOString() ?? null,
});

export const presentVialDiff = (d: {
  label: string;
  generatedAt: Date;
  runs: number;
}): VialDiff => ({
  label: d.label,
  diff_file_url: difFileUrl(d.label),
  generated_at: d.generatedAt.toISOString(),
  runs: d.runs,
});
