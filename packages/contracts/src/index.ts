export * from './auth.js';
export * from './catalogues.js';
export * from './common.js';
export * from './devices.js';
export * from './licensing.js';
export * from './limits.js';
export * from './messages.js';
export * from './realtime.js';
