// @accent/shared/client: browser logic shared by the shell and the remotes (docs/shared-client-ui-contract.md).
export { getStore } from './store.js';
export {
  session,
  sessionAtom,
  sessionStatusAtom,
  createSessionManager,
  type Session,
  type SessionStatus,
  type SessionManager,
  type SessionManagerOptions,
  type LoginCredentials,
} from './session.js';
export { useSession, type SessionView } from './use-session.js';
export { api, ApiError, toApiError, createApiClient, type ApiClientOptions } from './http.js';
export { createAuthApi, type AuthApi, type LoginRequestBody } from './auth-api.js';
export { agentsApi, createAgentsApi, type AgentsApi, type AgentVersion } from './agents-api.js';
export { remotesApi, createRemotesApi, type RemotesApi } from './remotes-api.js';
export {
  invokeAgent,
  createInvokeAgent,
  createSseParser,
  parseRunEvent,
  runHttpError,
  reasonPhrase,
  isAbortError,
  runIdOf,
  type InvokeAgent,
  type InvokeOptions,
  type InvokeResult,
  type InvokeAuth,
  type InvokeClientOptions,
  type SseParser,
} from './invoke.js';
export { runsApi, createRunsApi, type RunsApi } from './runs-api.js';
export { demoApi, createDemoApi, type DemoApi } from './demo-api.js';
export { adminApi, createAdminApi, type AdminApi, type RemoteUpdateRequest } from './admin-api.js';
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
