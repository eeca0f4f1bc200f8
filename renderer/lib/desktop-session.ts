import { getDesktopApi } from './desktop-bridge';
import { api } from './api-client';
import { useSession } from './session-store';

/**
 * In the desktop app the web client talks to the configured server (the page itself comes from
 * app://), and the vial agent in the main process uploads with the same session: tokens go to
 * the main process whenever they change, and tokens the agent refreshed come back. In the
 * browser this does nothing.
 */
export async function connectDesktopSession(): Promise<void> {
  const desktop = getDesktopApi();
  if (desktop.kind !== 'desktop') return;
  api.defaults.baseURL = (await desktop.getSettings()).serverUrl;

  const share = ({ access, refresh }: { access: string | null; refresh: string | null }) =>
    void desktop.storeTokens(access && refresh ? { access, refresh } : null);
  share(useSession.getState());
  useSession.subscribe((state, previous) => {
    if (state.access !== previous.access || state.refresh !== previous.refresh) share(state);
  });
  desktop.onTokensRefreshed(({ access, refresh }) => {
    if (useSession.getState().refresh) useSession.getState().setTokens(access, refresh);
  });
}
