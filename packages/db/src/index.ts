export * from './client';
export * from './passwords';
export * as schema from './schema';
export * from './semaphore';
export * from './sequences';
