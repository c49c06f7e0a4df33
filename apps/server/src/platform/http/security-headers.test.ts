import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

/** The security headers every answer carries (API and web alike). */
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a CSP without inline scripts, no framing by others, nosniff and HSTS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sv/health' });
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('script-src')).toBeDefined();
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(directives.get('script-src')).not.toContain("'unsafe-eval'");
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    // The payment providers' SDKs may load (the card form and the PayPal button).
    expect(directives.get('script-src')).toEqual(
      expect.arrayContaining(['https://sdk.mercadopago.com', 'https://www.paypal.com']),
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});
