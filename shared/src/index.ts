export * from './remotes/contract.js';
export * from './domain/constants.js';
export * from './domain/messages.js';
export * from './domain/schemas.js';
export * from './domain/agents.js';
