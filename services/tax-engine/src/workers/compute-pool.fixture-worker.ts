// A worker for compute-pool.test.ts: echoes, stalls, dies or retires as the task says (and reports its wait as
// compute time).
import { parentPort, threadId } from 'node:worker_threads';

parentPort!.on(
  'message',
  ({
    id,
    file,
  }: {
    id: number;
    file: { echo?: string; exit?: boolean; waitMs?: number; spinMs?: number; retire?: boolean; thread?: boolean };
  }) => {
    if (file.exit) process.exit(3);
    // A computation that holds the thread (no timers can interrupt it).
    if (file.spinMs) for (const until = Date.now() + file.spinMs; Date.now() < until;);
    // `thread`: answers which thread computed it.
    const value = file.thread ? String(threadId) : file.echo;
    const reply = () => parentPort!.postMessage({ id, ok: true, value, ms: file.waitMs ?? 0, retire: file.retire });
    // Without a wait it answers at once, as the real worker does: one task after another, in order.
    if (file.waitMs) setTimeout(reply, file.waitMs);
    else reply();
  },
);
parentPort!.postMessage({ ready: true });
