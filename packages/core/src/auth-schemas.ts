import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-rules';
import { selfServiceRoles } from './roles';
import { requiredLine, text } from './text-fields';

export const emailSchema = text({ label: 'Email', max: 254, trim: true, required: true })
  .pipe(z.email({ error: 'Email must be a valid email address' }))
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

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
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginInput = z.input<typeof loginInput>;

export const forgotPasswordInput = z.object({ email: emailSchema });

export const resetPasswordInput = z.object({
  token: text({ label: 'Token', max: 200, required: true }),
  password: newPasswordSchema,
});
