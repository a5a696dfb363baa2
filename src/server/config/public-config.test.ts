import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { publicConfig } from './public-config';

describe('publicConfig', () => {
  it('tells the browser whether e-mail reaches a provider or only the server log', () => {
    expect(publicConfig(parseEnv({})).emailDelivery).toBe('outbox');
    expect(publicConfig(parseEnv({ RESEND_API_KEY: 're_live_key' })).emailDelivery).toBe('provider');
  });

  it('holds no secret', () => {
    expect(JSON.stringify(publicConfig(parseEnv({ RESEND_API_KEY: 're_live_key' })))).not.toContain('re_live_key');
  });
});
