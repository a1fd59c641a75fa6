// @accent/shared/client: browser logic shared by the shell and the remotes (docs/shared-client-ui-contract.md):
// the store, the session, the HTTP client, the registry read, the toast bus and browser storage. An area's
// own API calls live in its area (e.g. @accent/agents-common/client).
export { getStore } from './store.js';
export { defineRemoteModule, registeredSingletons, SINGLETONS_REGISTRY_KEY } from './remote-module.js';
export {
  session,
  sessionAtom,
  sessionStatusAtom,
  sessionEndedElsewhereAtom,
  createSessionManager,
  type Session,
  type SessionStatus,
  type SessionManager,
  type SessionManagerOptions,
  type LoginCredentials,
  SECOND_FACTOR_PENDING_COOKIE,
  secondFactorPending,
} from './session.js';
export { useSession, type SessionView } from './use-session.js';
export { canBuild, useCanBuild, isRoleRefusal, roleRefusalText, refusalOr } from './roles.js';
export { errorMessage, errorDetail } from './error-text.js';
export { api, ApiError, toApiError, createApiClient, reasonPhrase, type ApiClientOptions } from './http.js';
export { jsonApi, type JsonApi, type AnswerParser } from './json-api.js';
export { uuid } from './uuid.js';
export { createAuthApi, SecondFactorRequiredError, SignInBusyError, type AuthApi, type LoginRequestBody } from './auth-api.js';
export { remotesApi, createRemotesApi, readRemoteRegistryEntry, type RemotesApi } from './remotes-api.js';
export { setPageLeaving, isPageLeaving, leavingFetch, leavingInit } from './leaving.js';
export { toast, toastsAtom, createToastBus, type Notifier, type Toast, type ToastInput, type ToastType, type ToastBus } from './toast.js';
export {
  loadAdvancedSettings,
  saveAdvancedSettings,
  loadSavedEmail,
  saveSavedEmail,
  loadAdminSettings,
  saveAdminSettings,
  type SavedEmail,
  type AdminSettings,
  type KeyValueStorage,
} from './storage.js';
