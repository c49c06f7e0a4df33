import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../api/sessionStore';
import { formatDiaMes, formatFecha, formatFechaHora, formatFechaHoraSegundos, formatHora } from './fechas';

// 2026-11-27 03:08:09 UTC: 00:08 in Buenos Aires (UTC-3), 04:08 in Madrid (UTC+1).
const t = Date.UTC(2026, 10, 27, 3, 8, 9);

describe('the one date formatter', () => {
  afterEach(() => sessionStore.clear());

  it('writes DD/MM/YYYY and 24 h HH:mm, never "27/11/26, 12:08 a. m."', () => {
    const zona = 'America/Argentina/Buenos_Aires';
    expect(formatFecha(t, zona)).toBe('27/11/2026');
    expect(formatFechaHora(t, zona)).toBe('27/11/2026 00:08');
    expect(formatFechaHoraSegundos(t, zona)).toBe('27/11/2026 00:08:09');
    expect(formatHora(t, zona)).toBe('00:08');
    expect(formatDiaMes(t, zona)).toBe('27/11');
    expect(formatFechaHora(Date.UTC(2026, 10, 27, 15, 30), zona)).toBe('27/11/2026 12:30');
  });

  it("uses the signed-in user's time zone", () => {
    const usuario = { zonaHoraria: 'Europe/Madrid' } as Parameters<typeof sessionStore.updateUsuario>[0];
    sessionStore.saveTokens({ access_token: 'x', expires_in: 60, usuario });
    expect(formatFechaHora(t)).toBe('27/11/2026 04:08');
    sessionStore.updateUsuario({ ...usuario, zonaHoraria: 'America/Argentina/Buenos_Aires' });
    expect(formatFechaHora(t)).toBe('27/11/2026 00:08');
    expect(formatFecha(t)).toBe('27/11/2026');
  });
});
