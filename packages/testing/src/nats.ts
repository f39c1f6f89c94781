import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@gains/db';

export interface RunningNats {
  url: string;
  port: number;
  stop(): Promise<void>;
}

async function waitForPort(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nats-server did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A real nats-server (Debian package) with JetStream, on loopback, storing in a temporary folder. */
export async function startNatsServer(): Promise<RunningNats> {
  const port = await freePort();
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gains-nats-'));
  const child: ChildProcess = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
    stdio: 'ignore',
  });
  child.on('error', (error) => {
    throw new Error(`Cannot start nats-server (install the Debian package nats-server): ${error.message}`);
  });
  await waitForPort(port, 10_000);
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
