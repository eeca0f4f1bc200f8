import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SsoDomain } from '../../../../shared/api/sso';
import { api } from '../../../lib/api-client';
import { instituteKeys } from './keys';

/** How a claimed domain is proven: its DNS TXT record checked, or staff's approval. */
export type DomainProof = 'verify' | 'approve';

export async function proveSsoDomain(
  id: number,
  domain: string,
  proof: DomainProof,
): Promise<SsoDomain> {
  const path = `/v2/institutes/${id}/sso/domains/${encodeURIComponent(domain)}/${proof}`;
  const { data } = await api.post<SsoDomain>(path);
  return data;
}

/** Verifies (owner, staff) or approves (staff) a claimed domain; the settings are read again. */
export function useProveSsoDomain(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ domain, proof }: { domain: string; proof: DomainProof }) =>
      proveSsoDomain(id, domain, proof),
    onSettled: () => queryClient.invalidateQueries({ queryKey: instituteKeys.sso(id) }),
  });
}
