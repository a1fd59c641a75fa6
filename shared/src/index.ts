// @accent/shared: the contract every app shares (DESIGN.md §3): route contract, login defaults, roles,
// the signed-in user's shape and the shared texts. No schema library and no feature code: the login page
// downloads this.
export * from './remotes/contract.js';
export * from './domain/constants.js';
export * from './domain/texts.js';
export * from './domain/auth.js';
export * from './domain/text.js';
