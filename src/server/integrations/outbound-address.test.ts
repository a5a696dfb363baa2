import { describe, expect, it } from 'vitest';
import { Refusal } from '../http/refusal';
import { assertPublicUrl, isPrivateAddress, outboundAddressMessages } from './outbound-address';

describe('outbound address checks (server-side request forgery)', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.5',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
  ])('treats %s as private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('treats %s as public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('refuses URLs naming a private address, in any notation', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.8:8443/x',
      'https://[::ffff:7f00:1]/x',
    ]) {
      await expect(assertPublicUrl(url, 'url'), url).rejects.toMatchObject({
        status: 400,
        message: outboundAddressMessages.privateAddress,
      });
    }
  });

  it('refuses a name when any address it resolves to is private (the real resolver: localhost)', async () => {
    await expect(assertPublicUrl('https://localhost/hook', 'url')).rejects.toBeInstanceOf(Refusal);
    const rebinding = async () => [{ address: '93.184.216.34' }, { address: '10.0.0.1' }];
    await expect(assertPublicUrl('https://hooks.example.com/x', 'url', rebinding)).rejects.toMatchObject({
      message: outboundAddressMessages.privateAddress,
    });
  });

  it('lets a name with only public addresses through, and says when a name does not resolve', async () => {
    await expect(
      assertPublicUrl('https://hooks.example.com/x', 'url', async () => [{ address: '93.184.216.34' }]),
    ).resolves.toBeUndefined();
    await expect(
      assertPublicUrl('https://nowhere.invalid/x', 'url', async () => {
        throw new Error('ENOTFOUND');
      }),
    ).rejects.toMatchObject({ message: outboundAddressMessages.unresolvable });
  });
});
