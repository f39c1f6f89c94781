export { startEmbeddedPostgres } from '../packages/db/src/index';
