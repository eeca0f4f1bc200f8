/**
 * The bridge's check before it listens (lab-feed.md section 1): `GET …/lab-feed/status` with its
 * token. A refusal or a token that cannot send stops it (exit 1) with the spec's message.
 */
import { labFeedStatus } from '../../shared/api/lab-feed';
import type { BridgeConfig } from './config';

/** Why the bridge cannot start, or null when the token may send. */
export async function startupRefusal(
  config: Pick<BridgeConfig, 'server' | 'token' | 'institute'>,
  fetcher: typeof fetch,
): Promise<string | null> {
  let res: Response;
  try {
    res = await fetcher(`${config.server}/v2/institutes/${config.institute}/lab-feed/status`, {
      headers: { Authorization: `Bearer ${config.token}`, Accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return `VialQC did not answer at ${config.server} (${cause ?? (error as Error).message}).`;
  }
  if ([401, 403, 404].includes(res.status)) {
    return `VialQC refused the token (${res.status}): make a read-write token of organization ${config.institute} on /account.`;
  }
  const status =
    res.status === 200
      ? labFeedStatus.pick({ can_send: true }).safeParse(await res.json().catch(() => null))
      : null;
  if (!status?.success) return `VialQC did not answer at ${config.server} (HTTP ${res.status}).`;
  if (!status.data.can_send) {
    return 'This token cannot send results (read-only token or guest): make a read-write token.';
  }
  return null;
}
