/** shared/: framework-free code used by the widgets, the site and the server. */
export * from './brand';
export * from './constants';
export * from './messages';
export * from './validation/email';
export * from './validation/schemas';
export * from './api/types';
export * from './census/status';
