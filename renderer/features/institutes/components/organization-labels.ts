import type { Institute } from '../../../../shared/api/institutes';

export const SUBSCRIPTION_LABELS: Record<Institute['subscription'], string> = {
  none: 'None',
  one_time: 'One Time',
  annual: 'Annual',
};

/** Courier organizations call their lines routes (administration.md section 3). */
export const METADATA_TYPE_LABELS: Record<Institute['metadata_type'], string> = {
  pts: 'Pneumatic Tube System (Line)',
  courier: 'Courier (Route)',
};

/** 'hemolysisTracking' → 'Hemolysis Tracking' */
export const flagLabel = (name: string) =>
  name.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());
