import type { Institute as InstituteDto } from '../../../shared/api/institutes';
import { hasMultiInstituteAccess } from '../../../shared/domain/roles';
import type { AuthUser } from '../../auth/auth-user';
import type { Institute } from '../../entities/institute';

/** Who is looking: `multiInstitute` says whether they may switch organizations. */
export type InstituteViewer = Pick<AuthUser, 'role' | 'instituteIds'>;

export function presentInstitute(i: Institute, viewer: InstituteViewer): InstituteDto {
  return {
    id: i.id,
    name: i.name,
    partner_id: i.partnerId,
    metadata_type: i.metadataType,
    relationship: i.relationship as InstituteDto['relationship'],
    subscription: i.subscription as InstituteDto['subscription'],
    total_lines: i.totalLines,
    feature_flags: i.featureFlags,
    has_feature_flags: i.featureFlags !== null,
    institute_type: i.metadataType,
    customer_since: i.customerSince,
    archived: i.archived,
    timezone: i.timezone,
    vial_silent_days: i.vialSilentDays,
    mfa_required: i.mfaRequired,
    benchmarking_opt_in: i.benchmarkingOptIn,
    multiInstitute: hasMultiInstituteAccess(viewer.role, viewer.instituteIds.length),
  };
}
