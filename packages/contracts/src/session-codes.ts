/**
 * What every screen's session code needs from the contracts: the platform roles and the catalogue's
 * error codes. A module of its own, so the web app's entry (which always loads it) carries nothing
 * else of the catalogues and texts that later screens share.
 */

/** Platform roles (spec 1 §6). */
export const rolesUsuario = {
  desarrollador: 'ROLE_DESARROLLADOR',
  admin: 'ROLE_ADMIN',
  userAdmin: 'ROLE_USER_ADMIN',
} as const;
export type RolUsuario = (typeof rolesUsuario)[keyof typeof rolesUsuario];

/** Error codes of the catalogue (spec 1 §8): 1 generic, 2 invalid link, 3 uncontrolled, 4 session expired, 5 wrong password. */
export const codigosError = {
  generico: 1,
  linkInvalido: 2,
  noControlado: 3,
  sesionExpirada: 4,
  passwordIncorrecto: 5,
} as const;

export type CodigoError = (typeof codigosError)[keyof typeof codigosError] | 'LINK_VENCIDO' | string;
