import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordResetRequest } from '../../../../shared/api/auth';
import { api } from '../../../lib/api-client';

export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

export async function requestPasswordReset(body: PasswordResetRequest): Promise<void> {
  await api.post('/v2/auth/request-password-reset', body);
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
