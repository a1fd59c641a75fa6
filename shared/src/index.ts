export * from './remotes/contract.js';
export * from './domain/constants.js';
export * from './domain/messages.js';
export * from './domain/schemas.js';
export * from './domain/agents.js';
export * from './domain/runtime.js';
export * from './domain/admin.js';
export * from './domain/demo.js';
