/** `pnpm build:web [--force]`: builds web/dist unless it was built from the same sources. */
import path from 'node:path';
import { ensureWebBuild } from '../packages/runtime/src/web-build';

const { built } = ensureWebBuild({
  root: path.resolve(import.meta.dirname, '..'),
  force: process.argv.includes('--force'),
});
console.log(built ? 'web/dist built' : 'web/dist is current (built from the same sources)');
