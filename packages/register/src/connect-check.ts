import { connect } from 'node:net';

export type ConnectCheck = (url: URL, timeoutMs: number) => Promise<boolean>;

/*
 * Node's fetch has no setting for how long to wait for a connection (its dispatcher is not ours to
 * configure without another package), so a register behind a network that drops packets would hold
 * a request for the whole answer timeout. Opening a bare connection first, with a short limit,
 * tells "cannot be reached" from "is slow to answer" within a few seconds. DNS is inside the limit.
 */
export const openConnection: ConnectCheck = (url, timeoutMs) =>
  new Promise((resolve) => {
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const socket = connect({ host, port });
    const finish = (reachable: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(reachable);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
