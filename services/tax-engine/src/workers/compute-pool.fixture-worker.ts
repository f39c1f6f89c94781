// A worker for compute-pool.test.ts: echoes, stalls or dies as the task says.
import { parentPort } from 'node:worker_threads';

parentPort!.on('message', ({ id, file }: { id: number; file: { echo?: string; exit?: boolean; waitMs?: number } }) => {
  if (file.exit) process.exit(3);
  setTimeout(() => parentPort!.postMessage({ id, ok: true, value: file.echo, ms: 0 }), file.waitMs ?? 0);
});
