export * from './caller';
export * from './tokens';
export * from './auth-interceptor';
export * from './verified-token-cache';
