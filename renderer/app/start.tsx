import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { connectDesktopSession } from '../lib/desktop-session';
import { App } from './app';
import { prefetchSignedInFrame } from './prefetch-frame';

/** Starts the app in `container` (main.tsx imports this once the screen shell is painted). */
export function startApp(container: HTMLElement): void {
  // The desktop app's server address is known first: the prefetch goes to it.
  void connectDesktopSession().finally(() => {
    prefetchSignedInFrame();
    const root = createRoot(container);
    // As a transition React renders the first screen in slices of a few milliseconds, yielding
    // to the browser between them, instead of one task of a quarter second that blocks input.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  });
}
