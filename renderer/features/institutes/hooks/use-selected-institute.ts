import { useDeferredValue } from 'react';
import type { Account } from '../../../../shared/api/users';
import { useSession } from '../../../lib/session-store';
import { useUser } from '../../auth';
import { useInstitute } from '../api/get-institute';

/**
 * The organization chosen in the selector in this session, else the one the user chose last
 * anywhere (the server remembers it while they may see it), else their default one.
 */
export const selectedInstituteId = (chosen: number | null, user: Account | undefined) =>
  chosen ?? user?.last_institute ?? user?.default_institute ?? user?.institutes[0] ?? null;

/** The selected organization's id, as the selector, the account and its memberships give it. */
export function useSelectedInstituteId(): number | null {
  const chosen = useSession((s) => s.instituteId);
  const { data: user } = useUser();
  return selectedInstituteId(chosen, user);
}

/** The selected organization itself (name, metadata type, feature flags). */
export const useSelectedInstitute = () => useInstitute(useSelectedInstituteId());

/**
 * The selected organization for a screen to mount from once it is known: deferred, so the
 * screen's first render, when it arrives, is a background render React does in slices that
 * yield to the browser, not one task that blocks input (as the frame's account, main-layout.tsx).
 */
export const useScreenInstitute = () => useDeferredValue(useSelectedInstitute().data);
