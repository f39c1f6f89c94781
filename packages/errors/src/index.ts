export * from './domain-error';
export * from './connect-interceptor';
export * from './http';
export * from './clean-text';
