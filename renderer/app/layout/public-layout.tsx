import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useDocumentTitle } from '../screen-title';
import { Footer } from './footer';
import { Logo } from './logo';

/** Login, password reset, registration and launch: one centred card. */
export function PublicLayout() {
  useDocumentTitle();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', p: 2 }}>
        <Paper
          sx={{
            mt: { xs: 4, md: 10 },
            p: 4,
            width: '100%',
            maxWidth: 440,
            alignSelf: 'flex-start',
          }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
            <Logo />
          </Box>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </Paper>
      </Box>
      <Footer />
    </Box>
  );
}
