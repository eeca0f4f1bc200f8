import { contractTypeOf, type ContractDto } from '../../../shared/api/contracts';
import { effectiveFlags } from '../../../shared/domain/feature-flags';
import type { Contract } from '../../entities/contract';

/** Fetched with the bearer token; the route answers staff only. */
export const contractFileUrl = (contractId: number, fileId: number) =>
  `/v2/contracts/${contractId}/files/${fileId}`;

export function presentContract(c: Contract): ContractDto {
  const files = [...c.files].sort((a, b) => a.fileName.localeCompare(b.fileName));
  return {
    id: c.id,
    title: c.title,
    institute: c.instituteId,
    institute_name: c.institute.name,
    contract_type: contractTypeOf(effectiveFlags(c.institute.featureFlags)),
    start_date: c.startDate,
    end_date: c.endDate,
    status: c.status,
    notes: c.notes,
    customer_since: c.customerSince,
    files: files.map((f) => ({
      id: f.id,
      filename: f.fileName,
      size: f.size,
      uploaded_at: f.uploadedAt.toISOString(),
    })),
    download_urls: files.map((f) => ({ filename: f.fileName, url: contractFileUrl(c.id, f.id) })),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
