import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../lib/session-store';

/** Logged-out visitors of any app route land on /login, which sends them back after login. */
export function RequireAuth() {
  const access = useSession((s) => s.access);
  const { pathname, search } = useLocation();
  if (access) return <Outlet />;
  const here = `${pathname}${search}`;
  const to = here === '/' ? '/login' : `/login?redirect=${encodeURIComponent(here)}`;
  return <Navigate to={to} replace />;
}
