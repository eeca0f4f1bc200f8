import { useMutation } from '@tanstack/react-query';
import type { AnalyzerPreview, AnalyzerUpdate } from '../../../../shared/api/analyzer';
import { api } from '../../../lib/api-client';

/** What saving these thresholds would change (nothing is saved): records, reviewed ones. */
export async function previewAnalyzer(
  instituteId: number,
  body: AnalyzerUpdate,
): Promise<AnalyzerPreview> {
  const { data } = await api.post<AnalyzerPreview>(
    `/v2/institutes/${instituteId}/analyzer/preview`,
    body,
  );
  return data;
}

/** Asked each time the form is saved with other thresholds: never cached. */
export function usePreviewAnalyzer(instituteId: number) {
  return useMutation({ mutationFn: (body: AnalyzerUpdate) => previewAnalyzer(instituteId, body) });
}
