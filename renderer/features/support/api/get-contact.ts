import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportContact } from '../../../../shared/api/support';
import { api } from '../../../lib/api-client';
import { supportKeys } from './keys';

export async function getSupportContact(): Promise<SupportContact> {
  const { data } = await api.get<SupportContact>('/v2/support/contact');
  return data;
}

export const supportContactQueryOptions = () =>
  queryOptions({
    queryKey: supportKeys.contact(),
    queryFn: getSupportContact,
    staleTime: 60 * 60_000,
  });

/** The provider's contact details. */
export const useSupportContact = () => useQuery(supportContactQueryOptions());
