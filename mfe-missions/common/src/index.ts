// @accent/missions-common: the missions area's domain (types, zod schemas, constants, texts, row mappers),
// used by the server and mfe-missions. Bundled into the remote, never a federation shared module.
export * from './missions.js';
