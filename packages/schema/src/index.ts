export * from './config/env.ts';
export * from './api/common.ts';
export * from './api/entries.ts';
export * from './api/uploads.ts';
export * from './api/info.ts';
export * from './query/query.ts';
export * from './api/auth.ts';
export * from './api/users.ts';
