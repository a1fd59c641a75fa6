import { describe, expect, it } from '@jest/globals';
import { ApiError } from './http.js';
import { canBuild, isRoleRefusal, refusalOr, roleRefusalText } from './roles.js';

describe('roles', () => {
  it('admins and builders build, members and signed-out visitors do not', () => {
    expect(canBuild({ role: 'admin' })).toBe(true);
    expect(canBuild({ role: 'builder' })).toBe(true);
    expect(canBuild({ role: 'member' })).toBe(false);
    expect(canBuild(null)).toBe(false);
  });

  it('recognises a refusal by role: an API 403 or row-level security behind a database error', () => {
    expect(isRoleRefusal(new ApiError(403, 'Forbidden', 'Members cannot save agents'))).toBe(true);
    expect(isRoleRefusal(new ApiError(400, 'Bad Request', 'bad'))).toBe(false);
    const rls = new Error('database error: new row violates row-level security policy for table "pages"', {
      cause: { code: '42501', message: 'new row violates row-level security policy for table "pages"' },
    });
    expect(isRoleRefusal(rls)).toBe(true);
    expect(isRoleRefusal(new Error('database error: permission denied for table flows'))).toBe(true);
    expect(isRoleRefusal(new Error('database error: connection refused'))).toBe(false);
    expect(isRoleRefusal(null)).toBe(false);
  });

  it('says the refusal in words, else the screen’s own text', () => {
    expect(roleRefusalText('saving flows')).toBe('Your role does not allow saving flows.');
    expect(refusalOr(new ApiError(403, 'Forbidden'), 'deploying flows', 'Could not deploy')).toBe('Your role does not allow deploying flows.');
    expect(refusalOr(new Error('offline'), 'deploying flows', 'Could not deploy')).toBe('Could not deploy');
  });
});
