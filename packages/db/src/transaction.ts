import type pg from 'pg';

/**
 * Runs `fn` in a transaction on one of the pool's connections: committed when it answers, rolled back when it throws.
 */
export async function inTransaction<T>(pool: pg.Pool, fn: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A connection lost while `fn` works between queries (the server restarted, the process is being cut off) is
  // reported on the client; the next query then fails and the transaction rolls back. Without a listener the error
  // would end the process.
  let lost: Error | undefined;
  const onError = (error: Error) => (lost = error);
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    // A lost connection is destroyed and may report again while closing: it keeps the listener.
    if (!lost) client.off('error', onError);
    client.release(lost);
  }
}
