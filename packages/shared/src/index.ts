export * from './auth/schemas';
export * from './constants';
export * from './site/config';
