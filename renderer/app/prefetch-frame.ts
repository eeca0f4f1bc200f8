import { userQueryOptions } from '../features/auth';
import { instituteQueryOptions, selectedInstituteId } from '../features/institutes';
import { queryClient } from '../lib/query-client';
import { useSession } from '../lib/session-store';
import { preloadScreens } from './lazy-screen';
import { router } from './router';

/**
 * A signed-in visit's first screen waits for the frame's code, then for the account, then for
 * the selected organization and its own code, before it asks for its data. All are asked for as
 * the app starts, together, rather than one after the other as the frame renders (issue 21:
 * three round trips fewer before the first screen's data). The frame's hooks find the answers in
 * the query cache; a failure is theirs to show, as they ask again.
 */
export function prefetchSignedInFrame(): void {
  const { access, instituteId } = useSession.getState();
  if (!access) return;
  for (const { route } of router.state.matches) preloadScreens(route.element);
  queryClient
    .fetchQuery(userQueryOptions())
    .then((user) => {
      const id = selectedInstituteId(instituteId, user);
      if (id !== null) void queryClient.prefetchQuery(instituteQueryOptions(id));
    })
    .catch(() => undefined);
}
