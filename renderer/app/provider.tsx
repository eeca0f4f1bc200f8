import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { toastComponents } from '../components/ui/toast';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';

/** Toasts per the spec: at most 3 at once, each gone after 3 s. */
const TOASTS = { maxSnack: 3, autoHideDuration: 3000 } as const;

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider
            {...TOASTS}
            Components={toastComponents}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          >
            {children}
          </SnackbarProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
