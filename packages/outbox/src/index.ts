export * from './event';
export * from './bus';
export * from './jetstream-bus';
export * from './relay';
export * from './consumer';
