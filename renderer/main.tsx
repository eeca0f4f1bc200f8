import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchSignedInFrame } from './app/prefetch-frame';
import { connectDesktopSession } from './lib/desktop-session';

// The desktop app's server address is known first: the prefetch goes to it.
void connectDesktopSession().finally(() => {
  prefetchSignedInFrame();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // As a transition React renders the first screen in slices of a few milliseconds, yielding to
  // the browser between them, instead of one task of a quarter second that blocks input.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
