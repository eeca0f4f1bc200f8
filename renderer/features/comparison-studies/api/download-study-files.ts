import type { ExportFormat } from '../../../../shared/api/exports';
import { downloadFile } from '../../../lib/download';

/** Building the PDF takes a while on big studies. */
export function downloadStudyReport(studyId: number, name: string): Promise<void> {
  return downloadFile(`/v2/comparison-studies/${studyId}/report`, `${name}.pdf`, {
    unlimited: true,
  });
}

/** The pairs (line, date, reference, test, differences, exclusions) and then the results table. */
export function exportComparisonStudy(
  studyId: number,
  format: ExportFormat,
  onProgress: (bytes: number) => void,
): Promise<void> {
  return downloadFile(`/v2/comparison-studies/${studyId}/export`, `comparison-study.${format}`, {
    params: { format },
    onProgress,
    unlimited: true,
  });
}
