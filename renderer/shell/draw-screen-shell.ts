import { LOADING_SCREEN_MARK, SCREEN_HEADINGS } from './screen-shell';
import { hasStoredSession } from './stored-session';

/**
 * The screen shell: on a phone the app's code takes seconds to load and evaluate, and until it
 * has, a signed-in user opening one of the screens below would see a blank page. The entry
 * (main.tsx), which loads none of React or MUI, draws the frame's bar and the screen's heading
 * where the app will draw its own, and the app replaces them (issue 21: the first screen's
 * heading at the first paint). A screen whose heading is always the same words joins the table
 * with the padding of the paper its heading sits in, on a phone (below 600 px) and wider.
 */
const SHELL_SCREENS: Readonly<
  Record<string, { heading: string; padding: { phone: number; wide: number } }>
> = {
  '/dashboard': { heading: SCREEN_HEADINGS.dashboard, padding: { phone: 16, wide: 16 } },
  '/records': { heading: SCREEN_HEADINGS.records, padding: { phone: 12, wide: 24 } },
  '/records/to-review': { heading: SCREEN_HEADINGS.records, padding: { phone: 12, wide: 24 } },
};

const MARKUP = `
<header class="shell-bar">
  <div class="shell-toolbar">
    <span class="shell-logo"><img src="/logo.svg" alt="" /><span>VialQC</span></span>
    <span class="shell-organization"></span>
  </div>
  <div class="shell-tabs"></div>
</header>
<main class="shell-main"><div class="shell-paper"><h1></h1></div></main>
`;

/** Said in the page's loading line when the app's code could not be loaded. */
export const SHELL_FAILED = 'VialQC could not be loaded. Check the connection and reload the page.';

/**
 * Draws the shell before `root` for a signed-in visit to a screen of the table, with the page's
 * loading line (index.html's, in `root`) moved under its heading, and removes it as soon as the
 * app shows anything in `root` other than a loading screen. Returns whether it drew the shell.
 */
export function drawScreenShell(root: HTMLElement, pathname: string): boolean {
  const screen = SHELL_SCREENS[pathname.replace(/(.)\/+$/, '$1')];
  if (!screen || !hasStoredSession()) return false;
  const shell = document.createElement('div');
  shell.id = 'screen-shell';
  shell.innerHTML = MARKUP;
  const paper = shell.querySelector<HTMLElement>('.shell-paper') as HTMLElement;
  // Below 600 px and from there on, as the screen's Paper (shell-style.ts picks one).
  paper.style.setProperty('--shell-padding-phone', `${screen.padding.phone}px`);
  paper.style.setProperty('--shell-padding-wide', `${screen.padding.wide}px`);
  (paper.querySelector('h1') as HTMLElement).textContent = screen.heading;
  const loadingLine = root.querySelector('[role="status"]');
  loadingLine?.removeAttribute('style'); // the shell's style sets it under the heading
  if (loadingLine) paper.append(loadingLine);
  root.before(shell);
  // Called after each change of root's children, before the browser paints: the shell and the
  // app's own frame are never seen together.
  const observer = new MutationObserver(() => {
    if ([...root.children].every((child) => child.hasAttribute(LOADING_SCREEN_MARK))) return;
    observer.disconnect();
    shell.remove();
  });
  observer.observe(root, { childList: true });
  return true;
}

/**
 * Resolves once the browser has painted what is on the page now: the task that evaluates the
 * app's code (a second and more on a phone) then comes after the shell is on screen, not before.
 * A hidden tab paints nothing, so it does not wait there.
 */
export function afterNextPaint(): Promise<void> {
  if (document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}
