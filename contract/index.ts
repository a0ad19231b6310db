export * from './common.js';
export * from './documents.js';
export * from './users.js';
export * from './content.js';
export * from './study.js';
export * from './live.js';
export * from './reading.js';
