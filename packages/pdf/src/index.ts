export * from './format';
export * from './render';
