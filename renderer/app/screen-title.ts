import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { lineWord, type LineWord } from '../features/institutes';

/** What a route says about its screen, in router.tsx (`handle`). */
export interface ScreenHandle {
  /** The screen's name; a function where it says 'Line' or 'Route'. */
  screen: string | ((word: LineWord) => string);
  /** False for screens not about the selected organization (the user's account, all users…). */
  ofOrganization: boolean;
}

/** A route's handle: `screen('Records')`, or `screen('Vials', { organization: false })`. */
export const screen = (
  name: ScreenHandle['screen'],
  { organization = true }: { organization?: boolean } = {},
): ScreenHandle => ({ screen: name, ofOrganization: organization });

const isScreenHandle = (handle: unknown): handle is ScreenHandle =>
  typeof handle === 'object' && handle !== null && 'screen' in handle;

/** "Records · Northfield General Hospital · VialQC", or "Log In · VialQC" without one. */
const documentTitle = (screenName?: string, organization?: string): string =>
  [screenName, organization, 'VialQC'].filter(Boolean).join(' · ');

/**
 * Sets the document title of whichever screen the router shows, so tabs, history and screen
 * readers tell screens apart. Each layout calls it once with what it knows of the organization.
 */
export function useDocumentTitle({
  organization,
  word = lineWord(undefined),
}: { organization?: string; word?: LineWord } = {}): void {
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isScreenHandle)
    .at(-1);
  const name = typeof handle?.screen === 'function' ? handle.screen(word) : handle?.screen;
  const title = documentTitle(name, handle?.ofOrganization ? organization : undefined);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
