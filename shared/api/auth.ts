import { z } from 'zod';
import { out, text } from './common';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;
const PASSWORD_TOO_LONG = `Password must have at most ${PASSWORD_MAX} characters`;

export const loginForm = z.object({
  username: text().trim().min(1, 'E-mail or Username is required.').max(254),
  password: text().min(1, 'Password is required.').max(1024),
});
export type LoginForm = z.infer<typeof loginForm>;

export const tokenResponse = z.object({
  access_token: out.text(),
  refresh_token: out.text(),
  token_type: z.literal('bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const refreshBody = z.object({ refresh: text().min(1).max(256) });
export const refreshResponse = z.object({ access: out.text(), refresh: out.text() });
export type RefreshResponse = z.infer<typeof refreshResponse>;

/** Claims of the short-lived access token. */
export interface AccessClaims {
  sub: string;
  roles: string[];
  institutes: number[];
  /** The session (refresh-token family) the token belongs to. */
  sid?: string;
  exp: number;
}

export const passwordResetRequest = z.object({
  email: text()
    .trim()
    .min(1, 'Please enter your e-mail.')
    .max(254, 'Please enter a valid e-mail address.')
    .email('Please enter a valid e-mail address.'),
});

export const passwordReset = z.object({
  token: text().min(1).max(256),
  new_password: text()
    .min(1, 'Enter a new password to reset it.')
    .min(PASSWORD_MIN, 'Password must have at least 8 characters')
    .max(PASSWORD_MAX, PASSWORD_TOO_LONG),
});

/** The reset-confirm form adds the confirmation field the API does not need. */
export const passwordResetForm = z
  .object({
    new_password: passwordReset.shape.new_password,
    confirm_password: text().min(1, 'Enter your new password again to reset it.'),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    message: 'Passwords do not match.',
    path: ['confirm_password'],
  });

export const registrationInfo = z.object({
  email: out.text(),
  first_name: out.text(),
  last_name: out.text(),
});
export type RegistrationInfo = z.infer<typeof registrationInfo>;

export const registerBody = z.object({
  token: text().min(1).max(256),
  first_name: text().trim().min(1, 'A first name is required.').max(150),
  last_name: text().trim().min(1, 'A last name is required.').max(150),
  password: text()
    .min(1, 'You must enter a password.')
    .min(PASSWORD_MIN, 'Password must have at least 8 characters')
    .max(PASSWORD_MAX, PASSWORD_TOO_LONG),
});

export const registerForm = registerBody
  .omit({ token: true })
  .extend({ confirm_password: text().min(1, 'You must enter your new password again.') })
  .refine((v) => v.password === v.confirm_password, {
    message: 'Passwords do not match.',
    path: ['confirm_password'],
  });

export const accountUpdate = z
  .object({
    first_name: text().trim().min(1, 'A first name is required.').max(150),
    last_name: text().trim().min(1, 'A last name is required.').max(150),
    current_password: text().max(PASSWORD_MAX, PASSWORD_TOO_LONG).optional().nullable(),
    new_password: text().max(PASSWORD_MAX, PASSWORD_TOO_LONG).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.current_password && !v.new_password)
      ctx.addIssue({
        code: 'custom',
        path: ['new_password'],
        message: 'Enter a new password to make changes.',
      });
    if (v.new_password && v.new_password.length < PASSWORD_MIN)
      ctx.addIssue({
        code: 'custom',
        path: ['new_password'],
        message: 'Password must have at least 8 characters',
      });
    if (v.new_password && !v.current_password)
      ctx.addIssue({
        code: 'custom',
        path: ['current_password'],
        message: 'Enter your current password to make changes.',
      });
  });
export type AccountUpdate = z.infer<typeof accountUpdate>;
