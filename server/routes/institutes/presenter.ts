import type { Institute as InstituteDto } from '../../../shared/api/institutes';
import type { Institute } from '../../entities/institute';

export function presentInstitute(i: Institute): InstituteDto {
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
  };
}
