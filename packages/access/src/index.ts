export * from './roles';
export * from './routes';
export * from './password-policy';
export * from './calls';
export * from './input-rules';
export * from './taximiser-rules';
export * from './csv';
export * from './header-status';
