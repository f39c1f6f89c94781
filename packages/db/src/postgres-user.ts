import { execFileSync } from 'node:child_process';
import { EmbeddedPostgresError } from './embedded-postgres-error';

export interface RunAs {
  uid: number;
  gid: number;
}

function ids(name: string): RunAs | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

function groupExists(name: string): boolean {
  try {
    execFileSync('getent', ['group', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The user PostgreSQL runs as: none (the caller's own) unless the caller is root, as PostgreSQL
 * refuses to run as root; then the system user `postgres`, created if it does not exist.
 */
export function runAsUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const existing = ids('postgres');
  if (existing) return existing;
  try {
    const group = groupExists('postgres') ? ['--gid', 'postgres'] : ['--user-group'];
    execFileSync('useradd', ['--system', ...group, '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
      stdio: 'pipe',
    });
  } catch {
    throw new EmbeddedPostgresError(
      'As root, PostgreSQL needs a user to run as and the user postgres could not be created: create it (useradd --system postgres) or run Gains as an ordinary user.',
    );
  }
  const created = ids('postgres');
  if (!created) throw new EmbeddedPostgresError('The user postgres was created but cannot be found (id postgres).');
  return created;
}
