// A stateful fake of Admin → Users → Two-factor authentication's API, for the admin tests.
import { jest } from '@jest/globals';
import { ApiError } from '@accent/shared/client';
import type { FakeApi } from '../app/fake-api.js';
import type { TwoFactorAdminApi, TwoFactorRequirementState } from './TwoFactorAdmin.js';

export function fakeTwoFactorAdminApi(initial: Partial<TwoFactorRequirementState> & { adminHasIt?: boolean } = {}): FakeApi<TwoFactorAdminApi> {
  let state: TwoFactorRequirementState = { required: initial.required ?? false, enrolled_user_ids: initial.enrolled_user_ids ?? [] };
  const api = {
    get: jest.fn(async () => state),
    setRequired: jest.fn(async (required: boolean) => {
      if (required && initial.adminHasIt === false) throw new ApiError(409, 'Conflict', 'Turn on two-factor authentication for your own account before requiring it for the library.');
      state = { ...state, required };
      return state;
    }),
    reset: jest.fn(async (userId: string) => {
      state = { ...state, enrolled_user_ids: state.enrolled_user_ids.filter((id) => id !== userId) };
    }),
  } satisfies TwoFactorAdminApi;
  return api;
}
