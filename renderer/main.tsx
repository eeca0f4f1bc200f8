import { afterNextPaint, drawScreenShell, SHELL_FAILED } from './shell/draw-screen-shell';

// The entry loads none of the app's code itself: it draws the screen shell first, then asks
// for the app. On a phone the app's code takes seconds to load and evaluate; asked for after
// the shell is painted, it neither delays that paint nor competes with what the paint needs.
const root = document.getElementById('root') as HTMLElement;
const shellStatus = drawScreenShell(root, window.location.pathname);
void (shellStatus ? afterNextPaint() : Promise.resolve())
  .then(() => import('./app/start'))
  .then(({ startApp }) => startApp(root))
  .catch((error: unknown) => {
    const status = shellStatus ?? root.querySelector('[role="status"]');
    if (status) status.textContent = SHELL_FAILED;
    throw error;
  });
