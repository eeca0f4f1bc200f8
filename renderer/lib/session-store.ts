import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { FeatureFlagName } from '../../shared/domain/feature-flags';
import { queryClient } from './query-client';
import { SESSION_STORAGE_KEY } from '../shell/stored-session';

/**
 * Everything that belongs to one signed-in session, persisted to localStorage. The staff
 * member's flag overrides live here too, so logging out is one reset and nothing lingers.
 */
interface SessionState {
  access: string | null;
  refresh: string | null;
  /** The organization chosen in the selector; null means the user's default institute. */
  instituteId: number | null;
  flagOverrides: Partial<Record<FeatureFlagName, boolean>>;
  /** Why the server ended the last session (said on the login page), if it said. */
  endedBecause: string | null;
  signIn: (access: string, refresh: string) => void;
  setTokens: (access: string, refresh: string) => void;
  selectInstitute: (id: number) => void;
  setFlagOverride: (name: FeatureFlagName, value: boolean | undefined) => void;
  clear: (endedBecause?: string | null) => void;
}

const signedOut = {
  access: null,
  refresh: null,
  instituteId: null,
  flagOverrides: {},
  endedBecause: null,
};

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...signedOut,
      signIn: (access, refresh) => set({ ...signedOut, access, refresh }),
      setTokens: (access, refresh) => set({ access, refresh }),
      selectInstitute: (instituteId) => set({ instituteId }),
      setFlagOverride: (name, value) =>
        set(({ flagOverrides }) => {
          const next = { ...flagOverrides };
          if (value === undefined) delete next[name];
          else next[name] = value;
          return { flagOverrides: next };
        }),
      clear: (endedBecause = null) => set({ ...signedOut, endedBecause }),
    }),
    { name: SESSION_STORAGE_KEY, version: 1 },
  ),
);

/**
 * Ends the session: tokens, chosen organization, flag overrides and every cached answer (the
 * stored user among them) go. The route guard then sends the user to /login?redirect=<here>,
 * which says `reason` when the server gave one (the organization's provider no longer knows
 * the user, the session expired).
 */
export function endSession(reason?: string): void {
  useSession.getState().clear(reason);
  queryClient.clear();
}
