import {
  DEFAULT_FEATURE_FLAGS,
  effectiveFlags,
  type FeatureFlags,
} from '../../../../shared/domain/feature-flags';
import { useSession } from '../../../lib/session-store';
import { useFeatureFlagDefaults } from '../api/get-feature-flag-defaults';
import { useSelectedInstitute } from './use-selected-institute';

/** The selected organization's flags without local overrides, over the server's defaults. */
export function useInstituteFlags(): FeatureFlags {
  const { data: institute } = useSelectedInstitute();
  const { data: defaults } = useFeatureFlagDefaults();
  return effectiveFlags(institute?.feature_flags, {}, defaults ?? DEFAULT_FEATURE_FLAGS);
}

/** What the screens obey: defaults, then the organization's set, then staff overrides. */
export function useFeatureFlags(): FeatureFlags {
  const overrides = useSession((s) => s.flagOverrides);
  return { ...useInstituteFlags(), ...overrides };
}
