import { describe, expect, it } from 'vitest';
import { topicAuthorizer } from './index.js';

const claims = { userId: 7, username: 'ana', roles: [] };

describe('topic authorization by destination kind', () => {
  it("asks the kind's authorizer with the user and the destination's id", async () => {
    const asked: Array<[number, number]> = [];
    const authorize = topicAuthorizer({
      equipo: async (userId, deviceId) => {
        asked.push([userId, deviceId]);
        return deviceId === 12;
      },
    });
    expect(await authorize(claims, '/topic/12')).toBe(true);
    expect(await authorize(claims, '/topic/13')).toBe(false);
    expect(asked).toEqual([
      [7, 12],
      [7, 13],
    ]);
  });

  it('lets a user subscribe to their own user topic only', async () => {
    const authorize = topicAuthorizer({});
    expect(await authorize(claims, '/topic/user7')).toBe(true);
    expect(await authorize(claims, '/topic/user8')).toBe(false);
  });

  it('refuses program and support topics until their modules plug an authorizer in', async () => {
    const closed = topicAuthorizer({ equipo: async () => true });
    expect(await closed(claims, '/topic/pro3')).toBe(false);
    expect(await closed(claims, '/topic/consulta3')).toBe(false);
    const open = topicAuthorizer({ programa: async (_userId, id) => id === 3, consulta: async () => true });
    expect(await open(claims, '/topic/pro3')).toBe(true);
    expect(await open(claims, '/topic/consulta3')).toBe(true);
  });

  it('refuses destinations of no known kind', async () => {
    const authorize = topicAuthorizer({ equipo: async () => true });
    for (const destination of ['/queue/x', '/topic/', '/topic/abc', '/topic/1/2', '/topic/user', 'topic/1']) {
      expect(await authorize(claims, destination)).toBe(false);
    }
  });
});
