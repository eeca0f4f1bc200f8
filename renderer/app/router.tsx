import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import type { Action } from '../../shared/domain/roles';
import { ErrorPage } from '../components/ui/error-page';
import { LoadingScreen } from '../components/ui/loading-screen';
import { PublicLayout } from './layout/public-layout';
import { RequireAccess } from './layout/require-access';
import { RequireAuth } from './layout/require-auth';

// Every screen is its own chunk, and so is the logged-in frame: the login page stays light.
const MainLayout = lazy(() =>
  import('./layout/main-layout').then((m) => ({ default: m.MainLayout })),
);
const LaunchPage = lazy(() => import('./routes/launch'));
const DownloadsPage = lazy(() => import('./routes/downloads'));
const LoginPage = lazy(() => import('./routes/auth/login'));
const ResetPasswordPage = lazy(() => import('./routes/auth/reset-password'));
const ResetPasswordConfirmPage = lazy(() => import('./routes/auth/reset-password-confirm'));
const RegisterPage = lazy(() => import('./routes/auth/register'));
const DashboardPage = lazy(() => import('./routes/dashboard'));
const AccountPage = lazy(() => import('./routes/account'));
const SettingsPage = lazy(() => import('./routes/settings'));
const LinesPage = lazy(() => import('./routes/lines'));
const LinesComparePage = lazy(() => import('./routes/lines-compare'));
const LineDetailPage = lazy(() => import('./routes/line-detail'));
const LineSettingsPage = lazy(() => import('./routes/line-settings'));
const LineRecordsComparePage = lazy(() => import('./routes/line-records-compare'));
const ValidationsPage = lazy(() => import('./routes/validations'));
const ValidationNewPage = lazy(() => import('./routes/validation-new'));
const ValidationDetailPage = lazy(() => import('./routes/validation-detail'));
const ValidationEditPage = lazy(() => import('./routes/validation-edit'));
const ReportsPage = lazy(() => import('./routes/reports'));
const RejectionCalculatorPage = lazy(() => import('./routes/rejection-calculator'));
const RejectionInsightsPage = lazy(() => import('./routes/rejection-insights'));
const RecordsPage = lazy(() => import('./routes/records'));
const RecordPage = lazy(() => import('./routes/record'));
const LabelsPage = lazy(() => import('./routes/labels'));
const ClinicalDataPage = lazy(() => import('./routes/clinical-data'));
const HemolysisIndexPage = lazy(() => import('./routes/hemolysis-index'));
const HemolysisDataPage = lazy(() => import('./routes/hemolysis-data'));
const HemolysisDataSettingsPage = lazy(() => import('./routes/hemolysis-data-settings'));
const OrganizationsPage = lazy(() => import('./routes/organizations'));
const OrganizationSettingsPage = lazy(() => import('./routes/organization-settings'));
const UsersPage = lazy(() => import('./routes/users'));
const UserCreatePage = lazy(() =>
  import('./routes/user-form').then((m) => ({ default: m.UserCreatePage })),
);
const UserEditPage = lazy(() =>
  import('./routes/user-form').then((m) => ({ default: m.UserEditPage })),
);
const SupportContactPage = lazy(() => import('./routes/support-contact'));
const ContractsPage = lazy(() => import('./routes/contracts'));
const ContractAddPage = lazy(() => import('./routes/contract-add'));
const ContractEditPage = lazy(() => import('./routes/contract-edit'));
const VialsPage = lazy(() => import('./routes/vials'));

/** Screens for the roles the shared role matrix allows an action (administration.md section 2). */
const actionRoutes = (action: Action, routes: { path: string; element: ReactNode }[]) =>
  routes.map(({ path, element }) => ({
    path,
    element: <RequireAccess action={action}>{element}</RequireAccess>,
  }));

/** Validations and reports need the validation flag. */
const validationRoutes = (routes: { path: string; element: ReactNode }[]) =>
  routes.map(({ path, element }) => ({
    path,
    element: <RequireAccess flag="validation">{element}</RequireAccess>,
  }));

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
          { path: '/downloads', element: <DownloadsPage /> },
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
              { path: '/records/:view?', element: <RecordsPage /> },
              { path: '/record/:id', element: <RecordPage /> },
              { path: '/labels', element: <LabelsPage /> },
              { path: '/lines/:view?', element: <LinesPage /> },
              { path: '/line/compare', element: <LinesComparePage /> },
              { path: '/line/:id/settings', element: <LineSettingsPage /> },
              { path: '/line/:id/records/compare', element: <LineRecordsComparePage /> },
              { path: '/line/:id/:view?', element: <LineDetailPage /> },
              ...validationRoutes([
                { path: '/validations/:view?', element: <ValidationsPage /> },
                { path: '/validation/new', element: <ValidationNewPage /> },
                { path: '/validation/:id', element: <ValidationDetailPage /> },
                { path: '/validation/:id/edit', element: <ValidationEditPage /> },
                { path: '/reports', element: <ReportsPage /> },
              ]),
              ...actionRoutes('institute:settings', [
                { path: '/organizations', element: <OrganizationsPage /> },
                { path: '/organization/:id/:view?', element: <OrganizationSettingsPage /> },
              ]),
              ...actionRoutes('users:list-all', [
                { path: '/users', element: <UsersPage /> },
                { path: '/users/create', element: <UserCreatePage /> },
              ]),
              ...actionRoutes('support:contact', [
                { path: '/support/contact', element: <SupportContactPage /> },
              ]),
              // Every signed-in user reaches the edit form (their own names at least).
              { path: '/users/edit/:id', element: <UserEditPage /> },
              ...actionRoutes('contracts:manage', [
                { path: '/contracts', element: <ContractsPage /> },
                { path: '/contracts/add', element: <ContractAddPage /> },
                { path: '/contracts/:id/edit', element: <ContractEditPage /> },
              ]),
              ...actionRoutes('vials:manage', [{ path: '/vials', element: <VialsPage /> }]),
              {
                path: '/rejection-calculator',
                element: (
                  <RequireAccess action="rejection:calculator">
                    <RejectionCalculatorPage />
                  </RequireAccess>
                ),
              },
              {
                path: '/clinical-data/:view?',
                element: (
                  <RequireAccess flag="clinicalData">
                    <ClinicalDataPage />
                  </RequireAccess>
                ),
              },
              {
                path: '/hemolysis-index',
                element: (
                  <RequireAccess flag="hemolysisTracking">
                    <HemolysisIndexPage />
                  </RequireAccess>
                ),
              },
              {
                path: '/hemolysis-index-data/:id',
                element: (
                  <RequireAccess flag="hemolysisTracking">
                    <HemolysisDataPage />
                  </RequireAccess>
                ),
              },
              {
                path: '/hemolysis-index-data/:id/settings',
                element: (
                  <RequireAccess flag="hemolysisTracking" action="data:edit">
                    <HemolysisDataSettingsPage />
                  </RequireAccess>
                ),
              },
              {
                path: '/rejection-insights',
                element: (
                  <RequireAccess flag="hemolysisTracking">
                    <RejectionInsightsPage />
                  </RequireAccess>
                ),
              },
              { path: '*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
        ],
      },
    ],
  },
]);
