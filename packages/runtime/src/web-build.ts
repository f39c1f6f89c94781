/**
 * The built web app (web/dist) is reused while what it is built from is unchanged: the web app's
 * files (its tests aside), the workspace packages it bundles, the lockfile and the VITE_* settings.
 * A hash of them is kept beside the build (web/.dist-source-hash) and the app is rebuilt only when
 * it differs.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const HASH_FILE = '.dist-source-hash';
const IGNORED = new Set(['node_modules', 'dist', HASH_FILE]);
/** The web app's tests and their config are not part of the build. */
const NOT_BUNDLED = /(\.test\.tsx?|^vitest\.config\.ts)$/;

function listFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (IGNORED.has(entry.name) || NOT_BUNDLED.test(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** The folders of the workspace packages the web app depends on (their sources are bundled). */
function workspaceDependencies(webDir: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const all = { ...manifest.dependencies, ...manifest.devDependencies };
  return Object.entries(all)
    .filter(([, version]) => version.startsWith('workspace:'))
    .map(([name]) => fs.realpathSync(path.join(webDir, 'node_modules', name)));
}

/** A hash of everything the web build depends on; `env` supplies the VITE_* settings Vite reads. */
export function webSourceHash(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const webDir = path.join(root, 'web');
  const files = [
    ...[webDir, ...workspaceDependencies(webDir)].flatMap((dir) => listFiles(dir)),
    path.join(root, 'pnpm-lock.yaml'),
  ].sort();
  // The build's own settings: a build made before they were fixed is made again.
  const hash = createHash('sha256').update('NODE_ENV=production\0');
  for (const file of files) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  for (const key of Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
    .sort()) {
    hash.update(`${key}=${env[key]}\0`);
  }
  return hash.digest('hex');
}

export interface WebBuild {
  /** The folder the BFF serves. */
  dir: string;
  /** Whether this call built it (false: the existing build was current). */
  built: boolean;
}

/** Builds the web app unless web/dist was built from the same sources; `force` always builds. */
export function ensureWebBuild(options: { root: string; force?: boolean; onBuild?: () => void }): WebBuild {
  const dir = path.join(options.root, 'web', 'dist');
  const hashFile = path.join(options.root, 'web', HASH_FILE);
  const hash = webSourceHash(options.root);
  const current =
    fs.existsSync(path.join(dir, 'index.html')) &&
    fs.existsSync(hashFile) &&
    fs.readFileSync(hashFile, 'utf8').trim() === hash;
  if (current && !options.force) return { dir, built: false };
  options.onBuild?.();
  fs.rmSync(hashFile, { force: true });
  const webDir = path.join(options.root, 'web');
  execFileSync(path.join(webDir, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
    // Always the production build: Vite follows NODE_ENV, which a test runner sets to "test", and React would
    // then ship its development build (slower, and chatty in the console) to whoever starts Gains next.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  fs.writeFileSync(hashFile, hash + '\n');
  return { dir, built: true };
}
