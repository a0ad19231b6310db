export * from './common';
export * from './documents';
export * from './users';
export * from './content';
export * from './study';
export * from './live';
export * from './reading';
export * from './desk';
