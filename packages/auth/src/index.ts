export * from './caller';
export * from './tokens';
export * from './auth-interceptor';
