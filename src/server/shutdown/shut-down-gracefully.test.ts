import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { shutDownGracefully } from './shut-down-gracefully';

/** A server whose /slow answers after `slowMs` and /hang never does. */
async function startServer(slowMs: number) {
  const server = createServer((req, res) => {
    if (req.url === '/slow') setTimeout(() => res.end('finished'), slowMs);
    else if (req.url === '/hang') res.writeHead(200).write('started');
    else res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** One GET; resolves with the status and body, or the connection's error. */
function get(port: number, path: string, agent?: Agent) {
  return new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    });
    req.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.end();
  });
}

let servers: Server[] = [];
afterEach(() => {
  for (const server of servers) server.closeAllConnections();
  servers = [];
});

describe('shutDownGracefully', () => {
  it('stops accepting, lets the request in flight finish, then closes what requests use', async () => {
    const { server, port } = await startServer(400);
    servers.push(server);
    const events: string[] = [];
    const liveStreams = new AbortController();
    liveStreams.signal.addEventListener('abort', () => events.push('live streams told'));
    // A browser's keep-alive connection, idle once its request is answered.
    const keepAlive = new Agent({ keepAlive: true });
    expect(await get(port, '/', keepAlive)).toEqual({ status: 200, body: 'ok' });

    const inFlight = get(port, '/slow').then((result) => {
      events.push('request finished');
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const report = shutDownGracefully({
      server,
      graceMs: 5_000,
      liveStreams,
      stopWork: async () => {
        events.push('workers stopping');
      },
      closeResources: async () => {
        events.push('database closed');
      },
      log: (line) => events.push(line),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await get(port, '/')).toEqual({ error: 'ECONNREFUSED' });

    expect(await inFlight).toEqual({ status: 200, body: 'finished' });
    const { finishedInTime, elapsedMs } = await report;
    expect(finishedInTime).toBe(true);
    // Not the keep-alive connection's idle timeout (5 s): it was closed once idle.
    expect(elapsedMs).toBeLessThan(2_000);
    expect(events).toEqual(['live streams told', 'workers stopping', 'request finished', 'database closed']);
    keepAlive.destroy();
  });

  it('cuts off a request still running when the grace is over, and still closes the database', async () => {
    const { server, port } = await startServer(0);
    servers.push(server);
    const hanging = get(port, '/hang');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines: string[] = [];
    let closed = false;
    const { finishedInTime, elapsedMs } = await shutDownGracefully({
      server,
      graceMs: 300,
      liveStreams: new AbortController(),
      stopWork: async () => {},
      closeResources: async () => {
        closed = true;
      },
      log: (line) => lines.push(line),
    });
    expect(finishedInTime).toBe(false);
    expect(elapsedMs).toBeGreaterThanOrEqual(290);
    expect(elapsedMs).toBeLessThan(2_000);
    expect(closed).toBe(true);
    expect(lines).toEqual(['shutdown: 300 ms passed (SHUTDOWN_GRACE_MS); closing the connections still open']);
    expect(await hanging).toEqual({ error: 'ECONNRESET' });
  });

  it('waits for the workers within the grace as well', async () => {
    const { server } = await startServer(0);
    servers.push(server);
    let workersStopped = false;
    const { finishedInTime } = await shutDownGracefully({
      server,
      graceMs: 2_000,
      liveStreams: new AbortController(),
      stopWork: () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            workersStopped = true;
            resolve();
          }, 200),
        ),
      closeResources: async () => {
        expect(workersStopped).toBe(true);
      },
      log: () => {},
    });
    expect(finishedInTime).toBe(true);
  });
});
