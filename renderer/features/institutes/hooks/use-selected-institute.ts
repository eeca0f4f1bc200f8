import { useSession } from '../../../lib/session-store';
import { useUser } from '../../auth';
import { useInstitute } from '../api/get-institute';

/**
 * The organization chosen in the selector in this session, else the one the user chose last
 * anywhere (the server remembers it while they may see it), else their default one.
 */
export function useSelectedInstituteId(): number | null {
  const chosen = useSession((s) => s.instituteId);
  const { data: user } = useUser();
  return chosen ?? user?.last_institute ?? user?.default_institute ?? user?.institutes[0] ?? null;
}

/** The selected organization itself (name, metadata type, feature flags). */
export const useSelectedInstitute = () => useInstitute(useSelectedInstituteId());
