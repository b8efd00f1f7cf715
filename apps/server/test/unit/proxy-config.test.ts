import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

describe('TRUST_PROXY and SHUTDOWN_DRAIN_MS', () => {
  it('trusts no proxy and drains for 3 s by default', () => {
    const config = loadConfig({});
    expect(config.trustProxy).toBe(false);
    expect(config.shutdownDrainMs).toBe(3000);
  });

  it('takes a hop count, or addresses, CIDRs and the names loopback, linklocal, uniquelocal', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['0', 'true', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/2', '1.2.3'])(
    'refuses TRUST_PROXY=%s naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be a number of proxy hops/);
    },
  );

  it('refuses a negative drain', () => {
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});
