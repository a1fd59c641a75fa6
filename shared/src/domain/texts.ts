// Texts the shared contract itself shows (spec 01 §2, §8): the sign-in form, the unavailable-area screen
// and the HTTP, session and data client errors. Used exactly as written; an area's texts live in its area.

export const SHARED_MESSAGES = {
  signIn: 'Sign In',
  signingIn: 'Signing in...',
  loginFailed: 'Login failed. Please try again.',
  areaUnavailable: 'This area is unavailable',
} as const;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));

export const sharedMsg = {
  authenticationFailed: (status: number) => fill('Authentication failed: {status}', { status }),
  httpError: (status: number, text: string) => fill('HTTP {status}: {text}', { status, text }),
  databaseError: (message: string) => fill('database error: {message}', { message }),
};
