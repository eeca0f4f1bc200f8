import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { registerBody } from '../../../../shared/api/auth';
import { api } from '../../../lib/api-client';

export type RegisterBody = z.infer<typeof registerBody>;

export async function register(body: RegisterBody): Promise<void> {
  await api.post('/v2/auth/register', body);
}

export const useRegister = () => useMutation({ mutationFn: register });
