import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordReset } from '../../../../shared/api/auth';
import { api } from '../../../lib/api-client';

export type PasswordReset = z.infer<typeof passwordReset>;

export async function resetPassword(body: PasswordReset): Promise<void> {
  await api.post('/v2/auth/reset-password', body);
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
