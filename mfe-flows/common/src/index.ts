// @accent/flows-common: the flows area's domain (types, zod schemas, constants, texts, row mappers),
// used by the server and mfe-flows. Bundled into the remote, never a federation shared module.
export * from './flows.js';
