import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useUser } from '../../features/auth';
import { BackToBar } from './back-to-bar';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** The frame of every logged-in screen; the screen itself loads lazily inside it. */
export function MainLayout() {
  const { data: user } = useUser();
  if (!user) return <LoadingScreen />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <TopBar />
      <BackToBar />
      <Box component="main" sx={{ flexGrow: 1, p: 3, width: '100%', maxWidth: 1600, mx: 'auto' }}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
