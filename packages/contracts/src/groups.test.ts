import { describe, expect, it } from 'vitest';
import { AsignarRolInputSchema, RemoverRolInputSchema } from './groups.js';
import { puedeOtorgar, rolesOtorgables } from './groups-rules.js';

describe('roles a manager may grant (spec 2 §4, §6)', () => {
  it.each([
    [4, [1, 2, 3]],
    [2, [1, 2]],
    [3, [1, 3]],
    [1, []],
    [null, []],
  ])('holder of %s grants %j', (idRol, expected) => {
    expect(rolesOtorgables(idRol)).toEqual(expected);
  });

  it('nobody grants the owner level', () => {
    expect(puedeOtorgar(4, 4)).toBe(false);
    expect(puedeOtorgar(3, 2)).toBe(false);
    expect(puedeOtorgar(2, 1)).toBe(true);
  });

  it('validates the bodies', () => {
    expect(AsignarRolInputSchema.safeParse({ id: 3, idRol: 0 }).success).toBe(true);
    expect(AsignarRolInputSchema.safeParse({ id: 3, idRol: 4 }).success).toBe(false);
    expect(RemoverRolInputSchema.safeParse({ idEquipo: '2', idRol: 1, idUsuario: 5 }).data).toEqual({
      idEquipo: 2,
      idRol: 1,
      idUsuario: 5,
    });
    expect(RemoverRolInputSchema.safeParse({ idEquipo: 2, idRol: 0, idUsuario: 5 }).success).toBe(false);
  });
});
