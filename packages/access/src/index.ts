export * from './roles';
export * from './routes';
