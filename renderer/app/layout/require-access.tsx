import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { FeatureFlagName } from '../../../shared/domain/feature-flags';
import type { Action } from '../../../shared/domain/roles';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useUser } from '../../features/auth';
import {
  useFeatureFlagDefaults,
  useFeatureFlags,
  useSelectedInstitute,
} from '../../features/institutes';
import { isAllowed } from '../navigation';

interface Props {
  flag?: FeatureFlagName;
  action?: Action;
  children: ReactNode;
}

/**
 * A screen behind a feature flag or an action of the role matrix: it waits for the organization's flags, then shows
 * the screen or sends the user to /dashboard, as a gated route does when its flag is off.
 */
export function RequireAccess({ flag, action, children }: Props) {
  const { data: user } = useUser();
  const institute = useSelectedInstitute();
  const defaults = useFeatureFlagDefaults();
  const flags = useFeatureFlags();
  if (!user || institute.isLoading || defaults.isLoading) return <LoadingScreen />;
  if (!isAllowed({ path: '', label: '', flag, action }, flags, user.role))
    return <Navigate to="/dashboard" replace />;
  return children;
}
