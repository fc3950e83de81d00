import { describe, expect, it } from 'vitest';
import { DEMO_JWT_SECRET } from './config';
import { StackStartError, startStack } from './stack';

describe('startStack', () => {
  it.each(['0.0.0.0', '::', '192.168.1.20'])('refuses to listen on %s with the public demo secret', async (host) => {
    const start = startStack({ host, port: 0, dataDir: null, jwtSecret: DEMO_JWT_SECRET, quiet: true });
    await expect(start).rejects.toBeInstanceOf(StackStartError);
    await expect(start).rejects.toThrow(/demo JWT secret/);
  });
});
