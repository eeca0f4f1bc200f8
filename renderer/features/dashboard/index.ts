export { DashboardView } from './components/dashboard-view';
