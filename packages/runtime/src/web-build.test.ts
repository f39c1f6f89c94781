import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webSourceHash } from './web-build';

let root: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gains-web-hash-'));
  write('pnpm-lock.yaml', 'lockfileVersion: 9');
  write('web/package.json', JSON.stringify({ dependencies: { react: '^19.1.0' } }));
  write('web/src/main.tsx', 'export const app = 1;');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('whether the built web app is current', () => {
  it('when nothing changed, then the hash is the same', () => {
    expect(webSourceHash(root, {})).toBe(webSourceHash(root, {}));
  });

  it('when a source, the lockfile or a VITE_ setting changes, then the hash changes', () => {
    const before = webSourceHash(root, {});
    write('web/src/main.tsx', 'export const app = 2;');
    const afterSource = webSourceHash(root, {});
    expect(afterSource).not.toBe(before);
    write('pnpm-lock.yaml', 'lockfileVersion: 9.1');
    expect(webSourceHash(root, {})).not.toBe(afterSource);
    expect(webSourceHash(root, { VITE_AG_GRID_LICENSE_KEY: 'key' })).not.toBe(webSourceHash(root, {}));
  });

  it('when only tests, the build output or other settings change, then the hash stays', () => {
    const before = webSourceHash(root, { PORT: '8080' });
    write('web/src/main.test.tsx', 'test');
    write('web/dist/index.html', '<html>');
    write('web/.dist-source-hash', 'abc');
    expect(webSourceHash(root, { PORT: '9090' })).toBe(before);
  });
});
