import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchSignedInFrame } from './app/prefetch-frame';
import { connectDesktopSession } from './lib/desktop-session';

// The desktop app's server address is known first: the prefetch goes to it.
void connectDesktopSession().finally(() => {
  prefetchSignedInFrame();
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
