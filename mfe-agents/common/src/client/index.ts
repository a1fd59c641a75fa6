// @accent/agents-common/client: the browser's calls of the agent API (agents, invoke, runs, demo), over
// the one HTTP client and session of @accent/shared/client.
export { agentsApi, createAgentsApi, type AgentsApi, type AgentVersion, type FailingVersion, type TestSetWithRuns } from './agents-api.js';
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
