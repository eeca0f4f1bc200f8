import Link from '@mui/material/Link';
import { useEffect, useRef, type RefObject } from 'react';
import { useMatches } from 'react-router-dom';

/** The id of the element that holds each screen, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** Focuses the screen's heading (or, while it has none, the main content itself). */
function focusScreen(main: HTMLElement, fallbackToMain: boolean): boolean {
  const heading = main.querySelector<HTMLElement>('h1');
  const target = heading ?? (fallbackToMain ? main : null);
  if (!target) return false;
  // A heading is not a control: reachable by script only, never by Tab.
  if (target === heading) heading.tabIndex = -1;
  target.focus();
  return true;
}

/**
 * After a move to another screen (not the first one shown, and not another view of the same
 * screen such as a tab of the records list), focus goes to the new screen's heading, so keyboard
 * and screen-reader users start where the screen does. The screen loads lazily and may wait for
 * its data before its heading appears: the focus follows when it does, unless the screen or the
 * user has put it somewhere in the screen by then.
 */
export function useFocusScreenOnNavigation(main: RefObject<HTMLElement | null>): void {
  const routeId = useMatches().at(-1)?.id;
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    const first = shown.current === undefined;
    shown.current = routeId;
    const root = main.current;
    if (first || !root) return;
    // Where the focus was when the screen came: the link that led here, or nothing.
    const from = document.activeElement;
    // Once the focus went elsewhere (a field the screen focuses itself, one the user chose while
    // it loaded), it stays there.
    const movedOn = () =>
      root.contains(document.activeElement) ||
      (document.activeElement !== from && document.activeElement !== document.body);
    const settled = () => movedOn() || focusScreen(root, false);
    if (settled()) return;
    const observer = new MutationObserver(() => {
      if (settled()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [routeId, main]);
}

/** The first stop of Tab on every screen: past the top bar and tabs, to the screen itself. */
export function SkipLink({ main }: { main: RefObject<HTMLElement | null> }) {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        if (main.current) focusScreen(main.current, true);
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        borderRadius: 1,
        boxShadow: 3,
        // Out of sight until the keyboard reaches it.
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to main content
    </Link>
  );
}
