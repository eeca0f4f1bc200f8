import { useMutation } from '@tanstack/react-query';
import type { SupportMessage } from '../../../../shared/api/support';
import { api } from '../../../lib/api-client';

/** E-mails a message to the provider's support address. */
export async function sendSupportMessage(body: SupportMessage): Promise<void> {
  await api.post('/v2/support/contact', body);
}

export const useSendSupportMessage = () => useMutation({ mutationFn: sendSupportMessage });
