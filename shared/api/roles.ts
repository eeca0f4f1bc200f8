import { z } from 'zod';

/** Customer roles from least to most powerful; staff is the provider's own and above them all. */
export const ROLES = ['guest', 'member', 'admin', 'owner', 'staff'] as const;
export const role = z.enum(ROLES);
export type Role = z.infer<typeof role>;

export const rank = (r: Role): number => ROLES.indexOf(r);
export const atLeast = (r: Role, min: Role): boolean => rank(r) >= rank(min);

/** Roles that may manage users and see access management. */
export const canManageUsers = (r: Role): boolean => atLeast(r, 'admin');
/** Roles that may change data (everything but guest). */
export const canEdit = (r: Role): boolean => atLeast(r, 'member');
