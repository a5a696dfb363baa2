import { describe, expect, it } from 'vitest';
import { Refusal } from '../refusal';
import {
  assertPublicUrl,
  isPublicAddress,
  outboundAddressMessages,
  STRICT_OUTBOUND_POLICY,
  userUrlPolicy,
} from './outbound-address';

const strict = STRICT_OUTBOUND_POLICY;
const testAllowance = userUrlPolicy({ ALLOW_PRIVATE_WEBHOOK_URLS: true });
const publicOnly = async () => [{ address: '93.184.216.34' }];

describe('isPublicAddress (server-side request forgery)', () => {
  it.each([
    // IPv4: this network, private, CGNAT, loopback, link-local (cloud metadata), special, documentation, multicast, reserved
    '0.0.0.0',
    '0.1.2.3',
    '10.1.2.3',
    '100.64.0.1',
    '100.100.100.200',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.20.0.5',
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6 loopback, unspecified, mapped and compatible forms of IPv4
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:8.8.8.8',
    '::ffff:7f00:1',
    '::127.0.0.1',
    '::7f00:1',
    '::8.8.8.8',
    // NAT64 with a private IPv4 inside, and the local-use NAT64 prefix
    '64:ff9b::7f00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '64:ff9b:1::808:808',
    // 6to4 with a private IPv4 inside
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '2002:c0a8:101::1',
    // Teredo, IETF assignments, documentation
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:2::1',
    '2001:db8::1',
    '3fff::1',
    // discard, unique-local, site-local, link-local, multicast, outside global unicast
    '100::1',
    'fc00::1',
    'fd12:3456::1',
    'fec0::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '5f00::1',
    '4000::1',
    // not an address at all
    'example.com',
    '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '142.250.72.14',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82a::200e',
    // NAT64 and 6to4 of a public IPv4 (a DNS64 network answers Google's v4-only hosts this way)
    '64:ff9b::808:808',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('lets %s through', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('lets loopback through under the test allowance, written plainly only, and nothing else private', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '0:0:0:0:0:0:0:1']) {
      expect(isPublicAddress(address, testAllowance), address).toBe(true);
      expect(isPublicAddress(address, strict), address).toBe(false);
    }
    for (const address of ['::ffff:127.0.0.1', '64:ff9b::7f00:1', '2002:7f00:1::', '169.254.169.254', '10.0.0.1']) {
      expect(isPublicAddress(address, testAllowance), address).toBe(false);
    }
  });
});

describe('assertPublicUrl (when a user saves an address)', () => {
  it('refuses URLs naming a private address, in any notation', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://0x7f000001/hook',
      'https://2130706433/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:7f00:1]/x',
      'https://[64:ff9b::7f00:1]/x',
      'https://[64:ff9b::a9fe:a9fe]/x',
      'https://[2002:7f00:1::]/x',
      'https://[::127.0.0.1]/x',
      'https://[fec0::1]/x',
      'https://[100::1]/x',
    ]) {
      await expect(assertPublicUrl(url, 'url', strict, publicOnly), url).rejects.toMatchObject({
        status: 400,
        message: outboundAddressMessages.privateAddress,
        details: { field: 'url' },
      });
    }
  });

  it('refuses another port or plain http before resolving anything', async () => {
    let resolved = 0;
    const counting = async () => {
      resolved++;
      return [{ address: '93.184.216.34' }];
    };
    for (const url of [
      'https://hooks.example.com:8443/x',
      'https://hooks.example.com:80/x',
      'https://hooks.example.com:22/x',
      'http://hooks.example.com/x',
      'ftp://hooks.example.com/x',
    ]) {
      await expect(assertPublicUrl(url, 'url', strict, counting), url).rejects.toMatchObject({
        status: 400,
        message: outboundAddressMessages.notHttpsOn443,
      });
    }
    expect(resolved).toBe(0);
    await expect(assertPublicUrl('https://hooks.example.com:443/x', 'url', strict, counting)).resolves.toBeUndefined();
  });

  it('refuses a name when any address it resolves to is private (the real resolver: localhost)', async () => {
    await expect(assertPublicUrl('https://localhost/hook', 'url', strict)).rejects.toBeInstanceOf(Refusal);
    const mixed = async () => [{ address: '93.184.216.34' }, { address: '10.0.0.1' }];
    await expect(assertPublicUrl('https://hooks.example.com/x', 'url', strict, mixed)).rejects.toMatchObject({
      message: outboundAddressMessages.privateAddress,
    });
    const nat64 = async () => [{ address: '64:ff9b::a9fe:a9fe' }];
    await expect(assertPublicUrl('https://hooks.example.com/x', 'url', strict, nat64)).rejects.toMatchObject({
      message: outboundAddressMessages.privateAddress,
    });
  });

  it('lets a name with only public addresses through, and says when a name does not resolve', async () => {
    await expect(assertPublicUrl('https://hooks.example.com/x', 'url', strict, publicOnly)).resolves.toBeUndefined();
    await expect(
      assertPublicUrl('https://nowhere.invalid/x', 'url', strict, async () => {
        throw new Error('ENOTFOUND');
      }),
    ).rejects.toMatchObject({ message: outboundAddressMessages.unresolvable });
    await expect(assertPublicUrl('https://nothing.example/x', 'url', strict, async () => [])).rejects.toMatchObject({
      message: outboundAddressMessages.privateAddress,
    });
  });

  it('under the test allowance takes plain http, any port and loopback, but still no other private address', async () => {
    await expect(assertPublicUrl('http://127.0.0.1:4010/hook', 'url', testAllowance)).resolves.toBeUndefined();
    await expect(assertPublicUrl('http://localhost:4010/hook', 'url', testAllowance)).resolves.toBeUndefined();
    await expect(assertPublicUrl('http://169.254.169.254/latest/', 'url', testAllowance)).rejects.toMatchObject({
      message: outboundAddressMessages.privateAddress,
    });
    expect(userUrlPolicy({ ALLOW_PRIVATE_WEBHOOK_URLS: false })).toEqual(strict);
  });
});
