import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A new invitation e-mail; the earlier link stops working. */
export async function resendInvite(id: number): Promise<void> {
  await api.post(`/v2/users/${id}/resend`);
}

export const useResendInvite = () => useMutation({ mutationFn: resendInvite });
