import { rolesEquipoCatalogo } from '@nexo/contracts';

const nombres = new Map<number, string>(rolesEquipoCatalogo.map((r) => [r.id, r.descripcion]));

/** The Spanish name of a device role (Usuario, Administrador, Desarrollador, Propietario). */
export function rolNombre(idRol: number): string {
  return nombres.get(idRol) ?? '';
}
