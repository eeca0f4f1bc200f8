/** Customer roles from least to most powerful; staff is the provider's own and above them all. */
export const ROLES = ['guest', 'member', 'admin', 'owner', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const rank = (r: Role): number => ROLES.indexOf(r);
export const atLeast = (r: Role, min: Role): boolean => rank(r) >= rank(min);

/**
 * Whether a role may give another to a user (invitations, user edits): staff any; everyone else
 * roles up to their own, never staff.
 */
export const mayGrant = (granter: Role, granted: Role): boolean =>
  granter === 'staff' || (granted !== 'staff' && atLeast(granter, granted));

/** The role a user acts with: 'staff' for the provider's staff, whatever role is stored. */
export const effectiveRole = (user: { role: Role; isStaff: boolean }): Role =>
  user.isStaff ? 'staff' : user.role;

const from = (min: Role): readonly Role[] => ROLES.filter((r) => atLeast(r, min));

/**
 * The role matrix of both specs' section 6, in one table the server's policy, the renderer's
 * screens and its menus all consult: each action lists the roles that may do it.
 */
export const PERMISSIONS = {
  /** Review, exclude, label, assign records; lines, validations, labels, comments. */
  'data:edit': from('member'),
  /** Invite, edit, revoke and resend users of one's institutes; access management. */
  'users:manage': from('admin'),
  'analyzer:edit': from('admin'),
  /** The institute's Audit Log (staff: every institute's). */
  'audit:read': from('admin'),
  /** The Audit Log over every institute at once. */
  'audit:read-all': from('staff'),
  'reports:edit-title': from('admin'),
  /** Organization settings and Edit Settings; the organizations list (their own). */
  'institute:settings': from('owner'),
  'institute:create': from('staff'),
  'institute:staff-fields': from('staff'),
  'users:list-all': from('staff'),
  'users:grant-staff': from('staff'),
  /** Reset a user's second factor (a lost phone): they set up a new one at their next sign-in. */
  'users:reset-second-factor': from('staff'),
  'records:staff-fields': from('staff'),
  'records:hidden': from('staff'),
  'reports:upload': from('staff'),
  'reports:delete': from('staff'),
  'vials:manage': from('staff'),
  /** Retire (not delete) a vial of one's own organization; staff retire any. */
  'vials:retire': from('admin'),
  'contracts:manage': from('staff'),
  'rejection:calculator': from('staff'),
  /** Choosing a Beta metric (AUC 225, Power) where the betaMetrics flag is on. */
  'metrics:beta': from('staff'),
  /** The contact page is for customers who work with data, not guests and not the provider. */
  'support:contact': ['member', 'admin', 'owner'],
  /** Exclude-from-model and donor/routine sample on clinical data. */
  'clinical-data:staff-fields': from('staff'),
  /**
   * Approve a comparison study (method-comparison.md section 5): owners and admins, and staff;
   * never its author (a rule of the study, not of the role).
   */
  'comparison-studies:approve': from('admin'),
  /** The lab feed's mappings and the retry of rejected messages (lab-feed.md sections 6, 8). */
  'lab-feed:manage': from('admin'),
  /** Switch peer benchmarking on or off (peer-benchmarking.md section 1). */
  'benchmarking:switch': from('admin'),
  /** Every benchmark group with reasons and contributors (peer-benchmarking.md section 7). */
  'benchmarks:overview': from('staff'),
} as const satisfies Record<string, readonly Role[]>;
export type Action = keyof typeof PERMISSIONS;

/** Whether a role may do an action. */
export const allows = (r: Role, action: Action): boolean =>
  (PERMISSIONS[action] as readonly Role[]).includes(r);

/**
 * Multi-organization access (administration.md section 6): users with several institutes, or
 * the admin, owner or staff role, may switch between organizations.
 */
export const hasMultiInstituteAccess = (r: Role, instituteCount: number): boolean =>
  instituteCount > 1 || atLeast(r, 'admin');
