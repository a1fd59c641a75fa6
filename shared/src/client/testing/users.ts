// Test helper (not built, not exported): the signed-in person the shared package's tests use, and the
// login answer that carries them, so each test names only the token and lifetime it cares about.
import type { LoginResponse, User } from '../../domain/auth.js';

export const TEST_USER: User = {
  user_id: 'u1',
  account_id: 'a1',
  library_id: 'l1',
  env_name: 'lo-n02',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  title: 'Admin',
  role: 'admin',
  web_client_url: 'https://app.example.com',
};

/** What /api/auth/login answers for TEST_USER with this token and lifetime (seconds). */
export const loginAnswerFor = (token: string, expiresIn = 3600, user: User = TEST_USER): LoginResponse => ({ token, expires_in: expiresIn, ...user });
