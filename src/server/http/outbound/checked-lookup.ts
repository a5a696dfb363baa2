import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { isPublicAddress, resolveAll, type OutboundPolicy, type Resolve } from './outbound-address';

/** A connection was refused because the address it would reach is not public (server-side request forgery). */
export class AddressRefusedError extends Error {
  override name = 'AddressRefusedError';
  readonly code = 'ERR_ADDRESS_REFUSED';
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(
      hostname === address
        ? `${address} is not a public address`
        : `${hostname} resolves to ${address}, which is not a public address`,
    );
  }
}

/**
 * A `lookup` for net/tls.connect (undici's `connect: { lookup }`): resolves the name once, refuses
 * it if any of its addresses is not public under `policy`, and hands the checked addresses to the
 * socket, so the address connected to is the address that was checked (no second resolution for
 * a rebinding name server to answer differently).
 */
export function checkedLookup(policy: OutboundPolicy, resolve: Resolve = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (entries) => {
        const refused = entries.find((entry) => !isPublicAddress(entry.address, policy));
        if (refused) return callback(new AddressRefusedError(hostname, refused.address), '');
        const usable = entries
          .map(({ address }) => ({ address, family: isIP(address) }))
          .filter(({ family }) => family !== 0 && (!options.family || options.family === family));
        const [first] = usable;
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no usable address`);
          error.code = 'ENOTFOUND';
          return callback(error, '');
        }
        if (options.all) return callback(null, usable);
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
