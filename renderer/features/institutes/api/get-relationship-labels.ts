import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Relationship } from '../../../../shared/api/institutes';
import type { Choice } from '../../../../shared/api/types';
import { api } from '../../../lib/api-client';
import { useIsStaff } from '../../../lib/permissions';
import { instituteKeys } from './keys';

export async function getRelationships(): Promise<Choice[]> {
  const { data } = await api.get<Choice[]>('/v2/types/institutes/relationship');
  return data;
}

export const relationshipsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: instituteKeys.relationships(),
    queryFn: getRelationships,
    staleTime: Infinity,
    enabled,
  });

/**
 * The words for an organization's relationship, from the server (staff only: nobody else sees
 * relationships). The value itself until they arrive.
 */
export function useRelationshipLabel(): (relationship: Relationship) => string {
  const { data } = useQuery(relationshipsQueryOptions(useIsStaff()));
  const labels = useMemo(() => new Map((data ?? []).map((c) => [c.value, c.label])), [data]);
  return useCallback((relationship) => labels.get(relationship) ?? relationship, [labels]);
}
