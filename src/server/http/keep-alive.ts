import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open: longer than a load balancer's own idle timeout
 * (AWS's is 60 s), so the proxy, not this server, closes it. A server that closes first (Node's
 * default is 5 s) can reset a request the other side just sent on that connection.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function keepConnectionsAlive(server: Pick<Server, 'keepAliveTimeout' | 'headersTimeout'>) {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Node requires the headers' timeout to outlast the keep-alive one.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
