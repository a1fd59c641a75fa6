// zod schemas of the sign-in boundary. The browser reads the same shapes with small hand-written checks
// (@accent/shared's readLoginResponse) so the login page carries no schema library; the types below are
// tied to @accent/shared's so the two cannot drift apart.
import { APP_ROLES, type LoginResponse, type SecondFactorChallenge, type User } from '@accent/shared';
import { z } from 'zod';

const name = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const loginRequestSchema = z.object({
  environment: name('Environment', 100),
  library: name('Library', 100),
  email: z.email({ error: 'Enter a valid email address' }).max(320),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
  domain: z.string().max(200).optional().default(''),
  session_key: z.string().max(2000).optional().default(''),
  api_key: z.string().max(2000).optional().default(''),
  remember_me: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const userSchema = z.object({
  user_id: z.string(),
  account_id: z.string(),
  library_id: z.string(),
  env_name: z.string(),
  email: z.string(),
  name: z.string(),
  title: z.string(),
  role: z.enum(APP_ROLES),
  web_client_url: z.string(),
});

export const loginResponseSchema = userSchema.extend({
  token: z.string(),
  /** seconds until the access token expires */
  expires_in: z.number(),
});

export const secondFactorChallengeSchema = z.object({
  second_factor_required: z.literal(true),
  methods: z.array(z.enum(['totp', 'recovery_code'])),
});

/** Every way of signing in answers a session, or the second step when the user has a second factor. */
export const signInAnswerSchema = z.union([loginResponseSchema, secondFactorChallengeSchema]);

// Compile-time check that the schemas and the browser's types describe the same objects.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameUser: Same<z.infer<typeof userSchema>, User> = true;
const sameLogin: Same<z.infer<typeof loginResponseSchema>, LoginResponse> = true;
const sameChallenge: Same<z.infer<typeof secondFactorChallengeSchema>, SecondFactorChallenge> = true;
void sameUser;
void sameLogin;
void sameChallenge;
