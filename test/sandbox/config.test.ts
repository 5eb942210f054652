// @vitest-environment node
// The sandbox's list settings: SANDBOX_PARTNER_ORIGINS and SANDBOX_WEBHOOK_URL take several entries, and a bad
// entry stops the start with a message naming it and saying how to write it.
import { describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../../demo/server/config.mjs';

describe('sandbox settings', () => {
  it('reads SANDBOX_WEBHOOK_URL as http(s) URLs separated by commas or spaces', () => {
    const options = optionsFromEnv({
      SANDBOX_WEBHOOK_URL:
        ' http://127.0.0.1:3000/webhooks/svc, https://hooks.example/in?k=1  http://localhost:4000/h ',
    });
    expect(options.partnerWebhookUrls).toEqual([
      'http://127.0.0.1:3000/webhooks/svc',
      'https://hooks.example/in?k=1',
      'http://localhost:4000/h',
    ]);
    expect(optionsFromEnv({}).partnerWebhookUrls).toEqual([]);
  });

  it.each(['ftp://127.0.0.1/hook', 'localhost:3000/webhooks', '/webhooks/svc', 'javascript:alert(1)'])(
    'refuses SANDBOX_WEBHOOK_URL entry %s, naming it',
    (bad) => {
      expect(() => optionsFromEnv({ SANDBOX_WEBHOOK_URL: `http://127.0.0.1:3000/ok,${bad}` })).toThrow(
        `SANDBOX_WEBHOOK_URL: "${bad}" is not an http(s) URL; give your endpoint's full URL, e.g. http://127.0.0.1:3000/webhooks/svc (several separated by commas or spaces)`,
      );
    },
  );

  it('reads SANDBOX_PARTNER_ORIGINS as origins and refuses anything else, naming it', () => {
    expect(
      optionsFromEnv({ SANDBOX_PARTNER_ORIGINS: 'https://localhost:3000, http://localhost:5173' }).extraPartnerOrigins,
    ).toEqual(['https://localhost:3000', 'http://localhost:5173']);
    for (const bad of ['https://localhost:3000/', 'localhost:3000', 'https://localhost:3000/app']) {
      expect(() => optionsFromEnv({ SANDBOX_PARTNER_ORIGINS: bad })).toThrow(
        `SANDBOX_PARTNER_ORIGINS: "${bad}" is not an origin; write scheme://host:port with no path or trailing slash, e.g. http://localhost:3000 (several separated by commas)`,
      );
    }
  });
});
