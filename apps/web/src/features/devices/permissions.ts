import { type Licencia, rolesEquipo, rolesQueAdministranAcceso } from '@nexo/contracts';

/** Device-level permissions of spec 1 §6, from the caller's role on the device (equipo.idRol). */
export function devicePermissions(idRol: number) {
  return {
    /** Only the owner level sees widget info and edits or deletes widgets. */
    canManageWidgets: idRol === rolesEquipo.propietario,
    /** Editing a device: admin or developer (the owner too: it holds every right). */
    canEditDevice:
      idRol === rolesEquipo.administrador ||
      idRol === rolesEquipo.desarrollador ||
      idRol === rolesEquipo.propietario,
    /** Adding a variable (sensor): developer level (and the owner). */
    canAddSensor: idRol === rolesEquipo.desarrollador || idRol === rolesEquipo.propietario,
    /** 'Compartir' (share link, roles, requests): owner, admin and developer (spec 2 §6). */
    canShare: rolesQueAdministranAcceso.includes(idRol),
    /** An admin unlinking deletes the device for everyone (warning in the confirmation). */
    isAdmin: idRol === rolesEquipo.administrador,
    isOwner: idRol === rolesEquipo.propietario,
  };
}

/** True when the token lets the user add one more device. */
export function canAddDevice(token: Licencia | null): boolean {
  return token !== null && token.cantEquiposAsignados < token.cantidadDispositivos;
}

/** True when the token lets the user add one more sensor (spec 1 §4). */
export function canAddSensor(token: Licencia | null): boolean {
  return token !== null && token.cantSensoresAsignados < token.cantidadSensores;
}
