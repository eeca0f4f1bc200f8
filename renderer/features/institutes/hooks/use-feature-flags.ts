import {
  areaOpen,
  DEFAULT_FEATURE_FLAGS,
  effectiveFlags,
  type FeatureFlagName,
  type FeatureFlags,
} from '../../../../shared/domain/feature-flags';
import { useSession } from '../../../lib/session-store';
import { useFeatureFlagDefaults } from '../api/get-feature-flag-defaults';
import { useInstitute } from '../api/get-institute';
import { useSelectedInstituteId } from './use-selected-institute';

/** An organization's flags without local overrides, over the server's defaults. */
function useOrganizationFlags(instituteId: number | null): FeatureFlags {
  const { data: institute } = useInstitute(instituteId);
  const { data: defaults } = useFeatureFlagDefaults();
  return effectiveFlags(institute?.feature_flags, {}, defaults ?? DEFAULT_FEATURE_FLAGS);
}

/** The selected organization's flags without local overrides, over the server's defaults. */
export const useInstituteFlags = (): FeatureFlags => useOrganizationFlags(useSelectedInstituteId());

/**
 * What the screens obey: defaults, then the organization's set, then staff overrides. The
 * overrides change only what staff see: the server lets staff use every area anyway.
 */
export function useFeatureFlags(): FeatureFlags {
  const overrides = useSession((s) => s.flagOverrides);
  return { ...useInstituteFlags(), ...overrides };
}

/**
 * Whether an organization's area is open on the screens, by the rule the server applies
 * (`areaOpen`: the flag, and the troubleshooting exemption), with the staff's overrides.
 */
export function useAreaOpen(flag: FeatureFlagName, instituteId: number | null): boolean {
  const overrides = useSession((s) => s.flagOverrides);
  const flags = { ...useOrganizationFlags(instituteId), ...overrides };
  return instituteId !== null && areaOpen(flags, flag, instituteId);
}
