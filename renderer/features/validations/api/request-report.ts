import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportDto } from '../../../../shared/api/reports';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-roots';
import { validationKeys } from './keys';

/** Building the PDF takes a while on big validations. */
const REPORT_TIMEOUT_MS = 300_000;

export async function requestReport(validationId: number): Promise<ReportDto> {
  const { data } = await api.post<ReportDto>(
    `/v2/validations/${validationId}/request-report`,
    undefined,
    { timeout: REPORT_TIMEOUT_MS },
  );
  return data;
}

export function useRequestReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestReport,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: validationKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.reports }),
      ]),
  });
}
