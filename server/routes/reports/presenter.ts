import type { ReportDto } from '../../../shared/api/reports';
import type { Report } from '../../entities/report';

/** Fetched with the bearer token: the route checks the report's institute like any other. */
export const downloadUrl = (id: number) => `/v2/reports/${id}/download`;

export function presentReport(r: Report): ReportDto {
  return {
    id: r.id,
    title: r.title,
    institute: r.instituteId,
    validation: r.validation ? { id: r.validation.id, name: r.validation.name } : null,
    file: { filename: r.fileName, content_type: r.contentType, size: r.fileSize },
    create_date: r.createDate.toISOString(),
    download_url: downloadUrl(r.id),
  };
}
