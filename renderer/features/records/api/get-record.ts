import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordDto } from '../../../../shared/api/records';
import { api } from '../../../lib/api-client';
import { recordKeys } from './keys';

export async function getRecord(id: number): Promise<RecordDto> {
  const { data } = await api.get<RecordDto>(`/v2/records/${id}`);
  return data;
}

export const recordQueryOptions = (id: number) =>
  queryOptions({ queryKey: recordKeys.detail(id), queryFn: () => getRecord(id) });

export const useRecord = (id: number) => useQuery(recordQueryOptions(id));
