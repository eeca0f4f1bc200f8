import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicalRecordRef } from '../../../../shared/api/clinical-data';
import { api } from '../../../lib/api-client';
import { clinicalDataKeys } from './keys';

export async function getRecordChoices(
  instituteId: number,
  date: string,
): Promise<ClinicalRecordRef[]> {
  const { data } = await api.get<{ items: ClinicalRecordRef[] }>(
    `/v2/institutes/${instituteId}/clinical-data/record-choices`,
    { params: { date } },
  );
  return data.items;
}

export const recordChoicesQueryOptions = (instituteId: number, date: string | null) =>
  queryOptions({
    queryKey: clinicalDataKeys.recordChoices(instituteId, date ?? ''),
    queryFn: () => getRecordChoices(instituteId, date as string),
    enabled: !!date && /^\d{4}-\d{2}-\d{2}$/.test(date),
  });

/** The records an entry dated `date` may link: the day before to two days after. */
export const useRecordChoices = (instituteId: number, date: string | null) =>
  useQuery(recordChoicesQueryOptions(instituteId, date));
