import { afterNextPaint, drawScreenShell, SHELL_FAILED } from './shell/draw-screen-shell';

// The entry loads none of the app's code itself: it draws the screen shell first, then asks
// for the app. On a phone the app's code takes seconds to load and evaluate; asked for after
// the shell is painted, it neither delays that paint nor competes with what the paint needs.
const root = document.getElementById('root') as HTMLElement;
const shellDrawn = drawScreenShell(root, window.location.pathname);
void (shellDrawn ? afterNextPaint() : Promise.resolve())
  .then(() => import('./app/start'))
  .then(({ startApp }) => startApp(root))
  .catch((error: unknown) => {
    // The page's loading line, in the shell or not: until the app runs, the page's one status.
    const loadingLine = document.querySelector('[role="status"]');
    if (loadingLine) loadingLine.textContent = SHELL_FAILED;
    throw error;
  });
