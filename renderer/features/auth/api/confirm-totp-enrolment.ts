import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TotpConfirmation } from '../../../../shared/api/second-factor';
import { api } from '../../../lib/api-client';
import { withEnrolmentToken } from './enrolment-token';
import { authKeys } from './keys';

/** A code of the new secret turns the second factor on: the recovery codes, shown once. */
export async function confirmTotpEnrolment({
  code,
  mfaToken,
}: {
  code: string;
  mfaToken?: string;
}): Promise<TotpConfirmation> {
  const { data } = await api.post<TotpConfirmation>(
    '/v2/account/mfa/totp/confirm',
    { code },
    withEnrolmentToken(mfaToken),
  );
  return data;
}

export function useConfirmTotpEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotpEnrolment,
    // The account now says mfa_enabled (signed in; during sign-in there is no account loaded).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.user() }),
  });
}
