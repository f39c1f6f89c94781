export * from './postgres';
export * from './nats';
