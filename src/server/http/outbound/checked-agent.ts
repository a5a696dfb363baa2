import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { AddressRefusedError, checkedLookup } from './checked-lookup';
import { isPublicAddress, resolveAll, type OutboundPolicy, type Resolve } from './outbound-address';

/**
 * A dispatcher whose every connection is checked as it is made: a host written as an address is
 * refused here when it is not public, and a name goes through checkedLookup, whose checked
 * address is the one the socket connects to (DNS rebinding cannot slip between check and use).
 */
export function checkedAgent(policy: OutboundPolicy, resolve: Resolve = resolveAll, connectTimeoutMs = 10_000): Agent {
  const connect = buildConnector({ lookup: checkedLookup(policy, resolve), timeout: connectTimeoutMs });
  return new Agent({
    connect: (options, callback) => {
      if (isIP(options.hostname) !== 0 && !isPublicAddress(options.hostname, policy)) {
        callback(new AddressRefusedError(options.hostname, options.hostname), null);
        return;
      }
      connect(options, callback);
    },
  });
}
