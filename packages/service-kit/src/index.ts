export * from './service-module';
export * from './prisma';
export * from './health';
export * from './verifier';
export * from './router-options';
export * from './demo';
export * from './outbox-only-module';
export * from './metrics';
