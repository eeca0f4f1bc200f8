import { z } from 'zod';
import { id, out, pageQuery, text } from './common';
import { ROLES } from '../domain/roles';

const role = z.enum(ROLES);

export const user = z.object({
  id: out.int(),
  email: out.text(),
  first_name: out.text(),
  last_name: out.text(),
  role,
  institutes: z.array(out.int()),
  default_institute: out.int().nullable(),
  is_active: z.boolean(),
  is_staff: z.boolean(),
  unregistered: z.boolean(),
  /** Whether the user signs in with a second factor (TOTP). */
  mfa_enabled: z.boolean(),
});
export type User = z.infer<typeof user>;

/** The signed-in user's own account: the user, and where the selector opens at sign-in. */
export const account = user.extend({
  /** The organization last chosen in the selector; null when none, or no longer the user's. */
  last_institute: out.int().nullable(),
});
export type Account = z.infer<typeof account>;

/** The organization chosen in the selector, remembered for the next sign-in anywhere. */
export const accountOrganization = z.object({ institute: id() });
export type AccountOrganization = z.infer<typeof accountOrganization>;

const names = {
  first_name: text().trim().min(1, "First Name can't be empty").max(150),
  last_name: text().trim().min(1, "Last Name can't be empty").max(150),
};
const membership = {
  institutes: z.array(id()).min(1, 'Select at least one organization').max(1000),
  default_institute: id({ error: 'Default Organization is required' }),
  is_active: z.boolean(),
  role,
};
const defaultInList = (v: { institutes?: number[]; default_institute?: number }) =>
  v.institutes === undefined ||
  v.default_institute === undefined ||
  v.institutes.includes(v.default_institute);
const defaultInListError = {
  message: 'You must assign a default organization to a new user.',
  path: ['default_institute'],
};

export const userCreate = z
  .object({
    email: text()
      .trim()
      .min(1, "Email can't be empty")
      .max(254, 'Please enter a valid e-mail address')
      .email('Please enter a valid e-mail address'),
    ...names,
    ...membership,
    is_active: membership.is_active.default(true),
    role: role.default('member'),
    is_staff: z.boolean().optional(),
  })
  .refine(defaultInList, defaultInListError);
export type UserCreate = z.input<typeof userCreate>;

export const userUpdate = z
  .object({ ...names, ...membership, is_staff: z.boolean() })
  .partial()
  .refine(defaultInList, defaultInListError);
export type UserUpdate = z.input<typeof userUpdate>;

export const userListQuery = pageQuery.extend({ search: text().max(200).optional() });

/**
 * The Users section's e-mail-only invitation (administration.md section 5: 'Please enter your
 * e-mail.', and e-mail-only invites default to guest). The invited user gives their names when
 * registering.
 */
export const INVITE_ROLES = ['owner', 'admin', 'member', 'guest'] as const;
export const userInvite = z.object({
  email: text()
    .trim()
    .min(1, 'Please enter your e-mail.')
    .email('Please enter a valid e-mail address'),
  role: z.enum(INVITE_ROLES).default('guest'),
});
export type UserInvite = z.input<typeof userInvite>;
