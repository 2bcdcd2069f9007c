import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-rules';
import { selfServiceRoles } from './roles';
import { requiredLine, text } from './text-fields';

export const emailSchema = text({ label: 'Email', max: 254, trim: true, required: true })
  .pipe(z.email({ error: 'Email must be a valid email address' }))
  .transform((email) => email.toLowerCase());

/** Never stored as text, but refused like any other: no browser can type a control character into one. */
export const newPasswordSchema = text({ label: 'Password', max: PASSWORD_MAX_LENGTH, required: true }).min(
  PASSWORD_MIN_LENGTH,
  `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
);

const nameSchema = (label: string) => requiredLine({ label, max: 100 });

export const registerInput = z.object({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: emailSchema,
  password: newPasswordSchema,
  role: z.enum(selfServiceRoles, { error: 'Role must be student or assessor' }).default('student'),
});
export type RegisterInput = z.input<typeof registerInput>;

export const loginInput = z.object({
  email: emailSchema,
  password: text({ label: 'Password', max: PASSWORD_MAX_LENGTH, required: true }),
});
export type LoginInput = z.input<typeof loginInput>;

export const forgotPasswordInput = z.object({ email: emailSchema });

export const resetPasswordInput = z.object({
  token: text({ label: 'Token', max: 200, required: true }),
  password: newPasswordSchema,
});
