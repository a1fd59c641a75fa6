// @accent/agents-common: the Agents area's domain, used by the server, mfe-agents and every area that
// picks or runs an agent. Bundled into each app that imports it (never a federation shared module).
export * from './constants.js';
export * from './messages.js';
export * from './schemas.js';
export * from './agents.js';
export * from './runtime.js';
export * from './demo.js';
export * from './generate.js';
export * from './test-sets.js';
export * from './tool-summary.js';
