import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { keepConnectionsAlive } from './keep-alive';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** One GET on `agent`'s connection; answers the local port the connection used. */
function get(port: number, agent: Agent) {
  return new Promise<number>((resolve, reject) => {
    const sent = request({ port, host: '127.0.0.1', agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(sent.socket!.localPort!));
    });
    sent.on('error', reject);
    sent.end();
  });
}

it('keeps an idle connection open past Node’s default (5 s, and a second’s buffer), so a request sent on it then is answered on it', async () => {
  server = createServer((_, response) => response.end('ok'));
  keepConnectionsAlive(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(port, agent);
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(await get(port, agent)).toBe(first);
  } finally {
    agent.destroy();
  }
}, 15_000);
