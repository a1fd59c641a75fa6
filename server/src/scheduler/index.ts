export * from './scheduler.js';
export * from './sync.js';
export * from './changes.js';
