export * from './remotes/contract.js';
