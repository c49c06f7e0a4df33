import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubPushBrowser, unstubPushBrowser } from '../../test/pushBrowser';
import { currentPushPermission, requestPushPermission } from './pushSubscription';

describe('currentPushPermission', () => {
  afterEach(unstubPushBrowser);

  it('reads the browser once per page (each read is a synchronous call in Chromium)', () => {
    stubPushBrowser('default');
    const read = vi.fn(() => 'default' as const);
    Object.defineProperty(Notification, 'permission', { get: read });
    expect(currentPushPermission()).toBe('default');
    expect(currentPushPermission()).toBe('default');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('keeps the answer to a request without reading again', async () => {
    const request = stubPushBrowser('default', 'granted');
    expect(currentPushPermission()).toBe('default');
    await expect(requestPushPermission()).resolves.toBe('granted');
    expect(request).toHaveBeenCalledOnce();
    expect(currentPushPermission()).toBe('granted');
  });

  it('is unsupported without the Push API', () => {
    expect(currentPushPermission()).toBe('unsupported');
  });
});
