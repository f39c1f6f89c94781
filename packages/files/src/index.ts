import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where import files and report files are kept (DESIGN §2): a key like `imports/<org>/<uuid>` to bytes. Embedded,
 * a directory (`.data/files/`); in the cluster an S3-compatible bucket fills the same interface.
 */
export interface FileStore {
  put(key: string, content: string | Uint8Array): Promise<void>;
  /** null: nothing kept under the key */
  get(key: string): Promise<Buffer | null>;
}

/** Keys are our own paths of safe segments: a key that could climb out of the root is refused. */
function checkedKey(key: string): string {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split('/').some((s) => s === '..' || s === '.')) {
    throw new Error(`Not a file key: ${key}`);
  }
  return key;
}

/** Files under a local directory, written whole to a temporary name then renamed, so a reader never sees half. */
export function createLocalFileStore(root: string): FileStore {
  return {
    async put(key, content) {
      const target = path.join(root, checkedKey(key));
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.part`;
      await fs.writeFile(temporary, content);
      await fs.rename(temporary, target);
    },
    async get(key) {
      try {
        return await fs.readFile(path.join(root, checkedKey(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
