export * from './scheduler.js';
export * from './sync.js';
