import { useMutation } from '@tanstack/react-query';
import type { TotpEnrolment } from '../../../../shared/api/second-factor';
import { api } from '../../../lib/api-client';
import { withEnrolmentToken } from './enrolment-token';

/** A new TOTP secret with its QR code, in use once a code confirms it. */
export async function startTotpEnrolment(mfaToken?: string): Promise<TotpEnrolment> {
  const { data } = await api.post<TotpEnrolment>(
    '/v2/account/mfa/totp',
    {},
    withEnrolmentToken(mfaToken),
  );
  return data;
}

export const useStartTotpEnrolment = () => useMutation({ mutationFn: startTotpEnrolment });
