import { z } from 'zod';

export const PASSWORD_MIN = 8;

export const loginForm = z.object({
  username: z.string().trim().min(1, 'E-mail or Username is required.'),
  password: z.string().min(1, 'Password is required.'),
});
export type LoginForm = z.infer<typeof loginForm>;

export const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const refreshBody = z.object({ refresh: z.string().min(1) });
export const refreshResponse = z.object({ access: z.string(), refresh: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponse>;

/** Claims of the short-lived access token. */
export interface AccessClaims {
  sub: string;
  roles: string[];
  institutes: number[];
  exp: number;
}

export const passwordResetRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your e-mail.')
    .email('Please enter a valid e-mail address.'),
});

export const passwordReset = z.object({
  token: z.string().min(1),
  new_password: z
    .string()
    .min(1, 'Enter a new password to reset it.')
    .min(PASSWORD_MIN, 'Password must have at least 8 characters'),
});

/** The reset-confirm form adds the confirmation field the API does not need. */
export const passwordResetForm = z
  .object({
    new_password: passwordReset.shape.new_password,
    confirm_password: z.string().min(1, 'Enter your new password again to reset it.'),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    message: 'Passwords do not match.',
    path: ['confirm_password'],
  });

export const registrationInfo = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type RegistrationInfo = z.infer<typeof registrationInfo>;

export const registerBody = z.object({
  token: z.string().min(1),
  first_name: z.string().trim().min(1, 'A first name is required.').max(150),
  last_name: z.string().trim().min(1, 'A last name is required.').max(150),
  password: z
    .string()
    .min(1, 'You must enter a password.')
    .min(PASSWORD_MIN, 'Password must have at least 8 characters'),
});

export const registerForm = registerBody
  .omit({ token: true })
  .extend({ confirm_password: z.string().min(1, 'You must enter your new password again.') })
  .refine((v) => v.password === v.confirm_password, {
    message: 'Passwords do not match.',
    path: ['confirm_password'],
  });

export const accountUpdate = z
  .object({
    first_name: z.string().trim().min(1, 'A first name is required.').max(150),
    last_name: z.string().trim().min(1, 'A last name is required.').max(150),
    current_password: z.string().optional().nullable(),
    new_password: z.string().optional().nullable(),
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
