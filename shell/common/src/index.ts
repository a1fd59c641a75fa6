// @accent/shell-common: the Admin area's contract (users, credentials), used by the server and the shell.
export * from './admin.js';
export * from './analytics.js';
export * from './api-keys.js';
export * from './audit.js';
export * from './flow-hosts.js';
export * from './knowledge.js';
export * from './mcp-servers.js';
export * from './names.js';
export * from './identity-email.js';
export * from './invitations.js';
export * from './servers.js';
export * from './team.js';
export * from './two-factor.js';
export * from './sso.js';
export * from './sso-login.js';
export * from './wallet.js';
export * from './wallet-login.js';
