export * from './format';
export * from './render';
export * from './client-address';
