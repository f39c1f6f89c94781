// A worker for compute-pool.test.ts: echoes, stalls or dies as the task says (and reports its wait as compute time).
import { parentPort } from 'node:worker_threads';

parentPort!.on(
  'message',
  ({ id, file }: { id: number; file: { echo?: string; exit?: boolean; waitMs?: number; spinMs?: number } }) => {
    if (file.exit) process.exit(3);
    // A computation that holds the thread (no timers can interrupt it).
    if (file.spinMs) for (const until = Date.now() + file.spinMs; Date.now() < until;);
    setTimeout(
      () => parentPort!.postMessage({ id, ok: true, value: file.echo, ms: file.waitMs ?? 0 }),
      file.waitMs ?? 0,
    );
  },
);
parentPort!.postMessage({ ready: true });
