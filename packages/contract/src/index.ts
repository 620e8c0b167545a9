export * from './admin';
export * from './api';
export * from './auth';
export * from './codec';
export * from './members';
export * from './messages';
export * from './settings';
export * from './setup';
