// @accent/background-common: the background area's domain (types, zod schemas, constants, texts, row mappers),
// used by the server and mfe-background. Bundled into the remote, never a federation shared module.
export * from './background.js';
