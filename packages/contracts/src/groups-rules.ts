import { rolesEquipo } from './catalogues.js';

/**
 * Access requests' states and who may grant which role, without zod: what the share dialog and
 * the frame read on every page (groups.ts holds the schemas).
 */

/** States of an access request. */
export const estadosAutorizacion = { pendiente: 1, aprobada: 2, rechazada: 3 } as const;
export const estadosAutorizacionCatalogo = [
  { id: 1, descripcion: 'Pendiente' },
  { id: 2, descripcion: 'Aprobada' },
  { id: 3, descripcion: 'Rechazada' },
] as const;

/** Error codes the web reacts to. */
export const codigosGrupo = { limiteUsuarios: 'LIMITE_USUARIOS' } as const;

/** Who may answer requests, see a device's access and revoke roles: owner, admin and developer. */
export const rolesQueAdministranAcceso: readonly number[] = [
  rolesEquipo.administrador,
  rolesEquipo.desarrollador,
  rolesEquipo.propietario,
];

/**
 * The roles a holder of `idRol` may grant, change or revoke (spec 2 §4, §6): every approver gives
 * the user role; the admin level gives admin, the developer level gives developer ("developer
 * instead of admin if the viewer holds developer level"); the owner gives all three.
 */
export type RolOtorgable = 1 | 2 | 3;
export function rolesOtorgables(idRol: number | null | undefined): RolOtorgable[] {
  if (idRol === rolesEquipo.propietario)
    return [rolesEquipo.usuario, rolesEquipo.administrador, rolesEquipo.desarrollador];
  if (idRol === rolesEquipo.administrador) return [rolesEquipo.usuario, rolesEquipo.administrador];
  if (idRol === rolesEquipo.desarrollador) return [rolesEquipo.usuario, rolesEquipo.desarrollador];
  return [];
}

/** Whether a holder of `idRol` may grant, change or revoke role `rol` (see rolesOtorgables). */
export function puedeOtorgar(idRol: number | null | undefined, rol: number): boolean {
  return (rolesOtorgables(idRol) as readonly number[]).includes(rol);
}
