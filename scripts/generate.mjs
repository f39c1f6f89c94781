// Generates what the sources import but git does not keep: protobuf code (buf + protoc-gen-es,
// local plugins only) and each service's Prisma client. Runs after every install.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
// Prisma reports on stderr which config it loaded, twice per service: not worth a newcomer's attention.
const INFO = [
  /^Loaded Prisma config from /,
  /^Prisma config detected, skipping environment variable loading\./,
  /^\s*$/,
];
const run = (cmd, args, cwd, env = {}) => {
  const result = spawnSync(cmd, args, {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  const stderr = (result.stderr ?? '').split('\n').filter((line) => !INFO.some((info) => info.test(line)));
  if (stderr.length > 0) console.error(stderr.join('\n'));
  if (result.status !== 0) throw new Error(`${path.basename(cmd)} ${args.join(' ')} failed in ${cwd}`);
};

if (!fs.existsSync(bin('buf'))) {
  console.log('generate: dependencies not installed yet; skipping');
  process.exit(0);
}

fs.rmSync(path.join(root, 'packages/proto/src/gen'), { recursive: true, force: true });
run(bin('buf'), ['generate'], path.join(root, 'proto'));

// Prisma 6 would download a native query engine it does not use with the wasm query compiler;
// pointing it at a placeholder keeps generation offline.
const placeholder = path.join(root, 'node_modules', '.cache', 'gains', 'no-query-engine.so.node');
fs.mkdirSync(path.dirname(placeholder), { recursive: true });
fs.writeFileSync(placeholder, '');
for (const service of fs.readdirSync(path.join(root, 'services'))) {
  const dir = path.join(root, 'services', service);
  if (!fs.existsSync(path.join(dir, 'prisma', 'schema.prisma'))) continue;
  run(bin('prisma'), ['generate'], dir, {
    PRISMA_QUERY_ENGINE_LIBRARY: placeholder,
    CHECKPOINT_DISABLE: '1',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  });
}
console.log('generate: protobuf code and Prisma clients are up to date');
