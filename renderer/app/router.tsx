import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import type { Action } from '../../shared/domain/roles';
import { ErrorPage } from '../components/ui/error-page';
import { LoadingScreen } from '../components/ui/loading-screen';
import { PublicLayout } from './layout/public-layout';
import { RequireAccess } from './layout/require-access';
import { RequireAuth } from './layout/require-auth';
import { lazyScreen } from './lazy-screen';
import { screen, type ScreenHandle } from './screen-title';

// Every screen is its own chunk, and so is the logged-in frame: the login page stays light.
const MainLayout = lazyScreen(() =>
  import('./layout/main-layout').then((m) => ({ default: m.MainLayout })),
);
const LaunchPage = lazyScreen(() => import('./routes/launch'));
const DownloadsPage = lazyScreen(() => import('./routes/downloads'));
const LoginPage = lazyScreen(() => import('./routes/auth/login'));
const ResetPasswordPage = lazyScreen(() => import('./routes/auth/reset-password'));
const ResetPasswordConfirmPage = lazyScreen(() => import('./routes/auth/reset-password-confirm'));
const RegisterPage = lazyScreen(() => import('./routes/auth/register'));
const DashboardPage = lazyScreen(() => import('./routes/dashboard'));
const AccountPage = lazyScreen(() => import('./routes/account'));
const SettingsPage = lazyScreen(() => import('./routes/settings'));
const LinesPage = lazyScreen(() => import('./routes/lines'));
const EventsPage = lazyScreen(() => import('./routes/events'));
const LinesComparePage = lazyScreen(() => import('./routes/lines-compare'));
const LineDetailPage = lazyScreen(() => import('./routes/line-detail'));
const LineSettingsPage = lazyScreen(() => import('./routes/line-settings'));
const LineRecordsComparePage = lazyScreen(() => import('./routes/line-records-compare'));
const ValidationsPage = lazyScreen(() => import('./routes/validations'));
const ValidationNewPage = lazyScreen(() => import('./routes/validation-new'));
const ValidationDetailPage = lazyScreen(() => import('./routes/validation-detail'));
const ValidationEditPage = lazyScreen(() => import('./routes/validation-edit'));
const ReportsPage = lazyScreen(() => import('./routes/reports'));
const RejectionCalculatorPage = lazyScreen(() => import('./routes/rejection-calculator'));
const RejectionInsightsPage = lazyScreen(() => import('./routes/rejection-insights'));
const RecordsPage = lazyScreen(() => import('./routes/records'));
const RecordPage = lazyScreen(() => import('./routes/record'));
const LabelsPage = lazyScreen(() => import('./routes/labels'));
const ClinicalDataPage = lazyScreen(() => import('./routes/clinical-data'));
const ComparisonStudiesPage = lazyScreen(() => import('./routes/comparison-studies'));
const ComparisonStudyNewPage = lazyScreen(() => import('./routes/comparison-study-new'));
const ComparisonStudyPage = lazyScreen(() => import('./routes/comparison-study'));
const BenchmarksPage = lazyScreen(() => import('./routes/benchmarks'));
const BenchmarksOverviewPage = lazyScreen(() => import('./routes/benchmarks-overview'));
const HemolysisIndexPage = lazyScreen(() => import('./routes/hemolysis-index'));
const HemolysisDataPage = lazyScreen(() => import('./routes/hemolysis-data'));
const HemolysisDataSettingsPage = lazyScreen(() => import('./routes/hemolysis-data-settings'));
const LabFeedPage = lazyScreen(() => import('./routes/lab-feed'));
const OrganizationsPage = lazyScreen(() => import('./routes/organizations'));
const OrganizationSettingsPage = lazyScreen(() => import('./routes/organization-settings'));
const UsersPage = lazyScreen(() => import('./routes/users'));
const UserCreatePage = lazyScreen(() =>
  import('./routes/user-form').then((m) => ({ default: m.UserCreatePage })),
);
const UserEditPage = lazyScreen(() =>
  import('./routes/user-form').then((m) => ({ default: m.UserEditPage })),
);
const SupportContactPage = lazyScreen(() => import('./routes/support-contact'));
const ContractsPage = lazyScreen(() => import('./routes/contracts'));
const ContractAddPage = lazyScreen(() => import('./routes/contract-add'));
const ContractEditPage = lazyScreen(() => import('./routes/contract-edit'));
const VialsPage = lazyScreen(() => import('./routes/vials'));
const AuditLogPage = lazyScreen(() => import('./routes/audit-log'));
const AuditHistoryPage = lazyScreen(() => import('./routes/audit-history'));

interface ScreenRoute {
  path: string;
  element: ReactNode;
  handle: ScreenHandle;
}

/** Screens for the roles the shared role matrix allows an action (administration.md section 2). */
const actionRoutes = (action: Action, routes: ScreenRoute[]) =>
  routes.map((route) => ({
    ...route,
    element: <RequireAccess action={action}>{route.element}</RequireAccess>,
  }));

/** Validations and reports need the validation flag. */
const validationRoutes = (routes: ScreenRoute[]) =>
  routes.map((route) => ({
    ...route,
    element: <RequireAccess flag="validation">{route.element}</RequireAccess>,
  }));

/**
 * Public pages, then everything behind the login. A new screen adds its route below, with its
 * name for the document title (`handle`), and, when it is a main tab, its entry in navigation.ts.
 */
export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/launch', handle: screen('Open the Desktop App'), element: <LaunchPage /> },
          { path: '/downloads', handle: screen('Downloads'), element: <DownloadsPage /> },
          { path: '/login', handle: screen('Log In'), element: <LoginPage /> },
          {
            path: '/reset-password',
            handle: screen('Reset Password'),
            element: <ResetPasswordPage />,
          },
          {
            path: '/reset-password-confirm/:token',
            handle: screen('Choose a New Password'),
            element: <ResetPasswordConfirmPage />,
          },
          { path: '/Register/:token', handle: screen('Register'), element: <RegisterPage /> },
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
              { path: '/dashboard', handle: screen('Dashboard'), element: <DashboardPage /> },
              {
                path: '/account',
                handle: screen('Account Settings', { organization: false }),
                element: <AccountPage />,
              },
              { path: '/settings', handle: screen('Settings'), element: <SettingsPage /> },
              // Two titles for the two lists (issue 44): a tab or the history tells them apart.
              {
                path: '/records/to-review',
                handle: screen('Records to Review'),
                element: <RecordsPage />,
              },
              {
                path: '/records/:view?',
                handle: screen('Reviewed Records'),
                element: <RecordsPage />,
              },
              { path: '/record/:id', handle: screen('Record'), element: <RecordPage /> },
              { path: '/labels', handle: screen('Labels'), element: <LabelsPage /> },
              {
                path: '/lines/:view?',
                handle: screen((word) => word.plural),
                element: <LinesPage />,
              },
              {
                path: '/line/compare',
                handle: screen((word) => `Compare ${word.plural}`),
                element: <LinesComparePage />,
              },
              {
                path: '/line/:id/settings',
                handle: screen((word) => `${word.singular} Settings`),
                element: <LineSettingsPage />,
              },
              {
                path: '/line/:id/records/compare',
                handle: screen('Compare Records'),
                element: <LineRecordsComparePage />,
              },
              {
                path: '/line/:id/:view?',
                handle: screen((word) => word.singular),
                element: <LineDetailPage />,
              },
              {
                path: '/events',
                handle: screen('Events'),
                element: (
                  <RequireAccess flag="monitoring">
                    <EventsPage />
                  </RequireAccess>
                ),
              },
              ...validationRoutes([
                {
                  path: '/validations/:view?',
                  handle: screen('Validations'),
                  element: <ValidationsPage />,
                },
                {
                  path: '/validation/new',
                  handle: screen('New Validation'),
                  element: <ValidationNewPage />,
                },
                {
                  path: '/validation/:id',
                  handle: screen('Validation'),
                  element: <ValidationDetailPage />,
                },
                {
                  path: '/validation/:id/edit',
                  handle: screen('Edit Validation'),
                  element: <ValidationEditPage />,
                },
                { path: '/reports', handle: screen('Reports'), element: <ReportsPage /> },
              ]),
              ...actionRoutes('institute:settings', [
                {
                  path: '/organizations',
                  handle: screen('Organizations', { organization: false }),
                  element: <OrganizationsPage />,
                },
                {
                  path: '/organization/:id/:view?',
                  handle: screen('Organization Settings', { organization: false }),
                  element: <OrganizationSettingsPage />,
                },
              ]),
              ...actionRoutes('users:list-all', [
                {
                  path: '/users',
                  handle: screen('Users', { organization: false }),
                  element: <UsersPage />,
                },
                {
                  path: '/users/create',
                  handle: screen('Create User', { organization: false }),
                  element: <UserCreatePage />,
                },
              ]),
              ...actionRoutes('audit:read', [
                { path: '/audit-log', handle: screen('Audit Log'), element: <AuditLogPage /> },
              ]),
              // Whoever may read the object may read its History (the server checks which).
              {
                path: '/history/:objectType/:objectId?',
                handle: screen('History'),
                element: <AuditHistoryPage />,
              },
              ...actionRoutes('support:contact', [
                {
                  path: '/support/contact',
                  handle: screen('Contact Us', { organization: false }),
                  element: <SupportContactPage />,
                },
              ]),
              // Every signed-in user reaches the edit form (their own names at least).
              {
                path: '/users/edit/:id',
                handle: screen('Edit User', { organization: false }),
                element: <UserEditPage />,
              },
              ...actionRoutes('contracts:manage', [
                {
                  path: '/contracts',
                  handle: screen('Contracts', { organization: false }),
                  element: <ContractsPage />,
                },
                {
                  path: '/contracts/add',
                  handle: screen('Create New Contract', { organization: false }),
                  element: <ContractAddPage />,
                },
                {
                  path: '/contracts/:id/edit',
                  handle: screen('Update Contract', { organization: false }),
                  element: <ContractEditPage />,
                },
              ]),
              ...actionRoutes('vials:manage', [
                {
                  path: '/vials',
                  handle: screen('Vials', { organization: false }),
                  element: <VialsPage />,
                },
              ]),
              {
                path: '/rejection-calculator',
                handle: screen('Rejection Calculator'),
                element: (
                  <RequireAccess action="rejection:calculator">
                    <RejectionCalculatorPage />
                  </RequireAccess>
                ),
              },
              {
                path: '/clinical-data/:view?',
                handle: screen('Clinical Data'),
                element: (
                  <RequireAccess flag="clinicalData">
                    <ClinicalDataPage />
                  </RequireAccess>
                ),
              },
              {
                path: '/comparison-studies',
                handle: screen('Comparison Studies'),
                element: (
                  <RequireAccess flag="clinicalData">
                    <ComparisonStudiesPage />
                  </RequireAccess>
                ),
              },
              {
                path: '/comparison-studies/new',
                handle: screen('New Comparison Study'),
                element: (
                  <RequireAccess flag="clinicalData" action="data:edit">
                    <ComparisonStudyNewPage />
                  </RequireAccess>
                ),
              },
              {
                path: '/comparison-studies/:id',
                handle: screen('Comparison Study'),
                element: (
                  <RequireAccess flag="clinicalData">
                    <ComparisonStudyPage />
                  </RequireAccess>
                ),
              },
              {
                path: '/benchmarks',
                handle: screen('Peer Benchmarking'),
                element: <BenchmarksPage />,
              },
              {
                path: '/benchmarks/overview',
                handle: screen('Peer Benchmarking Overview', { organization: false }),
                element: (
                  <RequireAccess action="benchmarks:overview">
                    <BenchmarksOverviewPage />
                  </RequireAccess>
                ),
              },
              {
                path: '/lab-feed/:view?',
                handle: screen('Lab Feed'),
                element: (
                  <RequireAccess flag="hemolysisTracking">
                    <LabFeedPage />
                  </RequireAccess>
                ),
              },
              {
                path: '/hemolysis-index',
                handle: screen('Hemolysis Index'),
                element: (
                  <RequireAccess flag="hemolysisTracking">
                    <HemolysisIndexPage />
                  </RequireAccess>
                ),
              },
              {
                path: '/hemolysis-index-data/:id',
                handle: screen('Hemolysis Data'),
                element: (
                  <RequireAccess flag="hemolysisTracking">
                    <HemolysisDataPage />
                  </RequireAccess>
                ),
              },
              {
                path: '/hemolysis-index-data/:id/settings',
                handle: screen('Hemolysis Data Settings'),
                element: (
                  <RequireAccess flag="hemolysisTracking" action="data:edit">
                    <HemolysisDataSettingsPage />
                  </RequireAccess>
                ),
              },
              {
                path: '/rejection-insights',
                handle: screen('Rejection Insights'),
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
