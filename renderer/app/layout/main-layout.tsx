import Box from '@mui/material/Box';
import { Suspense, useDeferredValue, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useUser } from '../../features/auth';
import { useLineWord, useSelectedInstitute } from '../../features/institutes';
import { useDocumentTitle } from '../screen-title';
import { BackToBar } from './back-to-bar';
import { Footer } from './footer';
import { MAIN_CONTENT_ID, SkipLink, useFocusScreenOnNavigation } from './main-focus';
import { TopBar } from './top-bar';

/** The frame of every logged-in screen; the screen itself loads lazily inside it. */
export function MainLayout() {
  // The frame mounts from a deferred copy of the account: when the account arrives, its first
  // render (the top bar and the screen inside) is a background render React does in slices,
  // yielding to the browser between them, not one task that blocks input (issue 21).
  const user = useDeferredValue(useUser().data);
  const { data: institute } = useSelectedInstitute();
  const main = useRef<HTMLElement>(null);
  useDocumentTitle({ organization: institute?.name, word: useLineWord() });
  useFocusScreenOnNavigation(main);
  if (!user) return <LoadingScreen />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink main={main} />
      <TopBar />
      <BackToBar />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        ref={main}
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          // A screen's height at least, so the footer starts below the first screen and never
          // moves in view while the screen's data arrives (layout shift, issue 21).
          minHeight: '100vh',
          // A phone keeps its narrow width for the screen (issue 44: every screen fits 360 px).
          p: { xs: 1, sm: 3 },
          width: '100%',
          maxWidth: 1600,
          mx: 'auto',
          // Focused only by the skip link; the screen inside shows where the user is.
          '&:focus': { outline: 'none' },
        }}
      >
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
