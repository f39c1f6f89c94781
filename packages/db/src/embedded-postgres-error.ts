/** A failure of the embedded PostgreSQL a person can act on, said in one line (printed without a stack). */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}
