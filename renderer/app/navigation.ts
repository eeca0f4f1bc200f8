import type { FeatureFlagName, FeatureFlags } from '../../shared/domain/feature-flags';
import { allows, type Action, type Role } from '../../shared/domain/roles';
import type { LineWord } from '../features/institutes';

/**
 * A place the user can navigate to. `flag` hides it unless the effective feature flag is on;
 * `action` hides it from roles the shared role matrix does not allow that action. A label may depend on the line word ('Lines'/'Routes').
 */
export interface NavEntry {
  path: string;
  label: string | ((word: LineWord) => string);
  flag?: FeatureFlagName;
  action?: Action;
}

/**
 * Main tabs between Dashboard (always first) and Settings (always last). A later screen adds
 * itself here and its route in router.tsx, e.g.
 * `{ path: '/validations', label: 'Validations', flag: 'validation' }`.
 */
export const MIDDLE_TABS: readonly NavEntry[] = [
  { path: '/records', label: 'Records' },
  { path: '/lines', label: (word) => word.plural },
  { path: '/events', label: 'Events', flag: 'monitoring' },
  { path: '/validations', label: 'Validations', flag: 'validation' },
  { path: '/reports', label: 'Reports', flag: 'validation' },
  { path: '/clinical-data', label: 'Clinical Data', flag: 'clinicalData' },
  { path: '/comparison-studies', label: 'Comparison Studies', flag: 'clinicalData' },
  { path: '/hemolysis-index', label: 'Hemolysis Index', flag: 'hemolysisTracking' },
  { path: '/rejection-insights', label: 'Rejection Insights', flag: 'hemolysisTracking' },
  { path: '/lab-feed', label: 'Lab Feed', flag: 'hemolysisTracking' },
  { path: '/benchmarks', label: 'Benchmarks' },
];

const DASHBOARD_TAB: NavEntry = { path: '/dashboard', label: 'Dashboard' };
const SETTINGS_TAB: NavEntry = { path: '/settings', label: 'Settings' };

/** The settings menu in the top bar, in the spec's order (Logout is added by the menu). */
export const SETTINGS_MENU: readonly NavEntry[] = [
  { path: '/organizations', label: 'Manage Organizations', action: 'institute:settings' },
  { path: '/users', label: 'Manage Users', action: 'users:list-all' },
  { path: '/contracts', label: 'Manage Contracts', action: 'contracts:manage' },
  { path: '/vials', label: 'Manage Vials', action: 'vials:manage' },
  { path: '/rejection-calculator', label: 'Rejection Calculator', action: 'rejection:calculator' },
  { path: '/audit-log', label: 'Audit Log', action: 'audit:read' },
  { path: '/benchmarks/overview', label: 'Benchmarking Overview', action: 'benchmarks:overview' },
  { path: '/account', label: 'Account Settings' },
  { path: '/support/contact', label: 'Contact Us', action: 'support:contact' },
];

export const isAllowed = (entry: NavEntry, flags: FeatureFlags, role: Role): boolean =>
  (entry.flag === undefined || flags[entry.flag]) &&
  (entry.action === undefined || allows(role, entry.action));

/** The main tabs this user sees in this organization. */
export function visibleTabs(
  flags: FeatureFlags,
  role: Role,
  middle: readonly NavEntry[] = MIDDLE_TABS,
): NavEntry[] {
  return [DASHBOARD_TAB, ...middle.filter((e) => isAllowed(e, flags, role)), SETTINGS_TAB];
}

export const labelOf = (entry: NavEntry, word: LineWord): string =>
  typeof entry.label === 'string' ? entry.label : entry.label(word);
