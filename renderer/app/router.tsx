import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { ErrorPage } from '../components/ui/error-page';
import { LoadingScreen } from '../components/ui/loading-screen';
import { PublicLayout } from './layout/public-layout';
import { RequireAuth } from './layout/require-auth';

// Every screen is its own chunk, and so is the logged-in frame: the login page stays light.
const MainLayout = lazy(() =>
  import('./layout/main-layout').then((m) => ({ default: m.MainLayout })),
);
const LaunchPage = lazy(() => import('./routes/launch'));
const LoginPage = lazy(() => import('./routes/auth/login'));
const ResetPasswordPage = lazy(() => import('./routes/auth/reset-password'));
const ResetPasswordConfirmPage = lazy(() => import('./routes/auth/reset-password-confirm'));
const RegisterPage = lazy(() => import('./routes/auth/register'));
const DashboardPage = lazy(() => import('./routes/dashboard'));
const AccountPage = lazy(() => import('./routes/account'));
const SettingsPage = lazy(() => import('./routes/settings'));

/**
 * Public pages, then everything behind the login. A new screen adds its route below and, when
 * it is a main tab, its entry in navigation.ts.
 */
export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/launch', element: <LaunchPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '/reset-password-confirm/:token', element: <ResetPasswordConfirmPage /> },
          { path: '/Register/:token', element: <RegisterPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: (
              <Suspense fallback={<LoadingScreen />}>
                <MainLayout />
              </Suspense>
            ),
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/account', element: <AccountPage /> },
              { path: '/settings', element: <SettingsPage /> },
              { path: '*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
        ],
      },
    ],
  },
]);
