export { createApp, type BffApp } from './app';
export type { BffDeps } from './deps';
