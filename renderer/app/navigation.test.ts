import { DEFAULT_FEATURE_FLAGS } from '../../shared/domain/feature-flags';
import { lineWord } from '../features/institutes';
import { labelOf, visibleTabs, type NavEntry } from './navigation';

const middle: NavEntry[] = [
  { path: '/lines', label: (w) => w.plural },
  { path: '/validations', label: 'Validations', flag: 'validation' },
  { path: '/rejection-insights', label: 'Rejection Insights', flag: 'hemolysisTracking' },
  { path: '/vials', label: 'Vials', action: 'vials:manage' },
];
const paths = (tabs: NavEntry[]) => tabs.map((t) => t.path);

describe('visibleTabs', () => {
  it('keeps Dashboard first and Settings last, with only the enabled tabs between', () => {
    expect(paths(visibleTabs(DEFAULT_FEATURE_FLAGS, 'member', middle))).toEqual([
      '/dashboard',
      '/lines',
      '/validations',
      '/settings',
    ]);
  });

  it('shows flag- and role-gated tabs when the flag is on and the role listed', () => {
    const flags = { ...DEFAULT_FEATURE_FLAGS, validation: false, hemolysisTracking: true };
    expect(paths(visibleTabs(flags, 'staff', middle))).toEqual([
      '/dashboard',
      '/lines',
      '/rejection-insights',
      '/vials',
      '/settings',
    ]);
  });

  it('words a line-dependent label by the organization type', () => {
    expect(labelOf(middle[0], lineWord('courier'))).toBe('Routes');
    expect(labelOf(middle[0], lineWord('pts'))).toBe('Lines');
  });
});
