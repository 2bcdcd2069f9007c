import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';

export type UnansweredPort = { baseUrl: string; close(): Promise<void> };

/*
 * A port that takes no connection, as a register behind a firewall that drops packets: a process
 * listens with a backlog of one and never accepts (its thread sleeps), two connections fill the
 * queue, and the kernel ignores every connection attempt after them.
 */
export async function startUnansweredPort(): Promise<UnansweredPort> {
  const listener = `
    const server = require('node:net').createServer();
    server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
      process.stdout.write(server.address().port + '\\n', () => {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60000);
      });
    });`;
  const child = spawn(process.execPath, ['-e', listener], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim())));
  });
  const fillers: Socket[] = [];
  for (let n = 0; n < 2; n++) {
    const socket = connect({ host: '127.0.0.1', port });
    fillers.push(socket);
    await new Promise((resolve) => socket.once('connect', resolve));
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of fillers) socket.destroy();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
