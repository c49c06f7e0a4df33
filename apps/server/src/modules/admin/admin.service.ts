import {
  type CredencialesEquipo,
  type EntradaAuditoria,
  type EquipoAdmin,
  type GuardarProductoData,
  mensajes,
  type ProductoAdmin,
  type UsuarioAdmin,
} from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import type { PlanRow } from '../../platform/db/schema.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { InventoryService } from '../devices/index.js';
import type { LicensingService } from '../licensing/index.js';
import { createAuditRepository } from './audit.repository.js';

type Objeto = 'equipo' | 'usuario' | 'compra' | 'producto' | 'plan' | 'tipoEquipo';

/** What the admin area needs from its siblings; modules.ts passes the real services. */
export interface AdminDeps {
  db: Db;
  inventory: InventoryService;
  users: {
    adminSearch(text: string): Promise<
      Array<{
        id: number;
        username: string;
        nombre: string;
        mail: string;
        bloqueado: boolean;
        esExterno: boolean;
        usuarioPadreId: number | null;
        roles: string[];
        creado: number;
      }>
    >;
    setBlocked(userId: number, bloqueado: boolean): Promise<void>;
    sendPasswordReset(userId: number, origin: string): Promise<void>;
    findByUsernameOrMail(text: string): Promise<{ id: number } | null>;
    usernamesOf(ids: readonly number[]): Promise<Map<number, string>>;
  };
  licensing: Pick<LicensingService, 'getActiveLicence' | 'allPlans' | 'updatePlan'>;
  shop: {
    catalogoProductos(): Promise<ProductoAdmin[]>;
    guardarProducto(input: GuardarProductoData): Promise<number>;
    buyerOf(compraId: number): Promise<number>;
    linkDevice(compraId: number, deviceId: number, nombre: string, adminId: number): Promise<void>;
  };
  /** The firmware each device reported (the firmware module), for the inventory's column. */
  firmwareVersions?: (
    deviceIds: number[],
  ) => Promise<Map<number, { titulo: string | null; version: string; fecha: number }>>;
}

/**
 * The admin area's rules: the device inventory, users, the catalogue, and the audit log every admin
 * action writes (who, what object, what, when, with the values changed). The role is checked by the
 * routes' guard on every call; the services here act for an admin already checked.
 */
export function createAdminService(deps: AdminDeps) {
  const { db, inventory, users, licensing, shop } = deps;
  const audit = createAuditRepository();

  async function record(
    actorId: number,
    objeto: Objeto,
    objetoId: number,
    accion: string,
    detalle?: unknown,
  ) {
    await audit.insert(db, {
      actorId,
      objeto,
      objetoId,
      accion,
      detalle: detalle === undefined ? null : JSON.stringify(detalle),
    });
  }

  return {
    record,

    // ---- devices ----

    async equipos(filter: {
      texto?: string | undefined;
      estado?: 'conectado' | 'desconectado' | 'inventario' | undefined;
      tipo?: number | undefined;
    }): Promise<EquipoAdmin[]> {
      const texto = filter.texto?.trim();
      const owners = texto ? (await users.adminSearch(texto)).map((u) => u.id) : undefined;
      const devices = await inventory.list({ ...filter, texto, ownerIds: owners });
      const names = await users.usernamesOf(devices.map((d) => d.ownerId));
      const versions = (await deps.firmwareVersions?.(devices.map((d) => d.id))) ?? new Map();
      return devices.map((d) => ({
        id: d.id,
        nombre: d.nombre,
        apikey: d.apikey,
        tipoEquipo: d.tipoEquipo,
        propietario: { id: d.ownerId, username: names.get(d.ownerId) ?? '' },
        conectado: d.conectado,
        ultimoContacto: d.ultimoContacto,
        creado: d.creado,
        enInventario: d.enInventario,
        firmware: d.firmware,
        firmwareReportado: versions.get(d.id) ?? null,
      }));
    },

    async crearEquipos(
      adminId: number,
      input: {
        patron: string;
        cantidad: number;
        desde: number;
        tipoEquipo?: { id: number } | null | undefined;
        firmware?: string | null | undefined;
      },
    ): Promise<CredencialesEquipo[]> {
      const created = await inventory.createBatch(adminId, {
        patron: input.patron,
        cantidad: input.cantidad,
        desde: input.desde,
        tipoEquipoId: input.tipoEquipo?.id ?? null,
        firmware: input.firmware?.trim() || null,
      });
      for (const device of created)
        await record(adminId, 'equipo', device.id, 'Creado en el inventario', { nombre: device.nombre });
      return created;
    },

    /** Hands a device to a user, or to a purchase's buyer (and lists it in that purchase). */
    async asignarEquipo(
      adminId: number,
      input: { id: number; usuario?: string | undefined; compra?: number | undefined },
    ) {
      let userId: number;
      if (input.compra !== undefined) userId = await shop.buyerOf(input.compra);
      else {
        const found = await users.findByUsernameOrMail(input.usuario ?? '');
        if (!found) throw notFound(mensajes.adminUsuarioInexistente);
        userId = found.id;
      }
      const { previousOwnerId } = await inventory.assignToUser(input.id, userId);
      if (previousOwnerId === userId && input.compra === undefined)
        throw conflict(mensajes.adminEquipoYaAsignado);
      const { nombre } = await inventory.credentialsOf(input.id);
      if (input.compra !== undefined) await shop.linkDevice(input.compra, input.id, nombre, adminId);
      const usernames = await users.usernamesOf([userId, previousOwnerId]);
      await record(adminId, 'equipo', input.id, 'Asignado', {
        de: usernames.get(previousOwnerId) ?? previousOwnerId,
        a: usernames.get(userId) ?? userId,
        compra: input.compra ?? null,
      });
      if (input.compra !== undefined)
        await record(adminId, 'compra', input.compra, 'Equipo asignado', { equipo: nombre });
    },

    async regenerarCredenciales(adminId: number, deviceId: number): Promise<CredencialesEquipo> {
      await inventory.regenerateCredentials(deviceId);
      await record(adminId, 'equipo', deviceId, 'Credenciales regeneradas');
      return inventory.credentialsOf(deviceId);
    },

    /** A device's credentials for its label; reading them is recorded too. */
    async credenciales(adminId: number, deviceId: number): Promise<CredencialesEquipo> {
      const credentials = await inventory.credentialsOf(deviceId);
      await record(adminId, 'equipo', deviceId, 'Credenciales consultadas');
      return credentials;
    },

    async firmware(adminId: number, deviceId: number, firmware: string | null) {
      await inventory.setFirmware(deviceId, firmware?.trim() || null);
      await record(adminId, 'equipo', deviceId, 'Nota de firmware', { firmware });
    },

    // ---- users ----

    async usuarios(texto: string): Promise<UsuarioAdmin[]> {
      const found = await users.adminSearch(texto);
      return Promise.all(
        found.map(async (user) => {
          const licence = await licensing.getActiveLicence(user.id);
          return {
            id: user.id,
            username: user.username,
            nombre: user.nombre,
            mail: user.mail,
            bloqueado: user.bloqueado,
            esExterno: user.esExterno,
            roles: user.roles,
            creado: user.creado,
            usuarioPadreId: user.usuarioPadreId,
            licencia: licence && {
              plan: licence.nombrePlan,
              esGratuito: licence.esGratuito,
              fechaHasta: licence.fechaHasta,
              cantidadDispositivos: licence.cantidadDispositivos,
              cantidadSensores: licence.cantidadSensores,
              cantidadUsuarios: licence.cantidadUsuarios,
              cantEquiposAsignados: licence.cantEquiposAsignados,
              cantSensoresAsignados: licence.cantSensoresAsignados,
              cantUsuariosAsignados: licence.cantUsuariosAsignados,
            },
          };
        }),
      );
    },

    async bloquear(adminId: number, userId: number, bloqueado: boolean) {
      if (userId === adminId && bloqueado) throw badRequest(mensajes.adminNoBloquearse);
      await users.setBlocked(userId, bloqueado);
      await record(adminId, 'usuario', userId, bloqueado ? 'Bloqueado' : 'Desbloqueado');
    },

    async resetearPassword(adminId: number, userId: number, origin: string) {
      await users.sendPasswordReset(userId, origin);
      await record(adminId, 'usuario', userId, 'Cambio de contraseña enviado por correo');
    },

    // ---- catalogue ----

    productos: () => shop.catalogoProductos(),

    async guardarProducto(adminId: number, input: Parameters<AdminDeps['shop']['guardarProducto']>[0]) {
      const id = await shop.guardarProducto(input);
      await record(adminId, 'producto', id, input.id ? 'Modificado' : 'Creado', input);
      return id;
    },

    async planes() {
      return (await licensing.allPlans()).map((plan) => ({
        id: Number(plan.id),
        nombre: plan.nombre,
        tipoSuscripcion: plan.tipo_suscripcion_id,
        costo: Number(plan.costo),
        costoTres: Number(plan.costo_tres),
        costoSeis: Number(plan.costo_seis),
        costoDoce: Number(plan.costo_doce),
        costoPaypal: Number(plan.costo_paypal),
        costoTresPaypal: Number(plan.costo_tres_paypal),
        costoSeisPaypal: Number(plan.costo_seis_paypal),
        costoDocePaypal: Number(plan.costo_doce_paypal),
        idSuscripcionPaypalUno: plan.paypal_plan_uno,
        idSuscripcionPaypalTres: plan.paypal_plan_tres,
        idSuscripcionPaypalSeis: plan.paypal_plan_seis,
        idSuscripcionPaypalDoce: plan.paypal_plan_doce,
        cantMesesGratis: plan.cant_meses_gratis,
        cantidadSensores: plan.cantidad_sensores,
        cantidadDispositivos: plan.cantidad_dispositivos,
        cantidadUsuarios: plan.cantidad_usuarios,
        puedeSerGratis: plan.puede_ser_gratis === 1,
        activo: plan.activo === 1,
      }));
    },

    async guardarPlan(
      adminId: number,
      input: {
        id: number;
        nombre: string;
        costo: number;
        costoTres: number;
        costoSeis: number;
        costoDoce: number;
        costoPaypal: number;
        costoTresPaypal: number;
        costoSeisPaypal: number;
        costoDocePaypal: number;
        idSuscripcionPaypalUno?: string | null | undefined;
        idSuscripcionPaypalTres?: string | null | undefined;
        idSuscripcionPaypalSeis?: string | null | undefined;
        idSuscripcionPaypalDoce?: string | null | undefined;
        cantMesesGratis: number;
        cantidadSensores: number;
        cantidadDispositivos: number;
        cantidadUsuarios: number;
        puedeSerGratis: boolean;
        activo: boolean;
      },
    ) {
      const values: Partial<Omit<PlanRow, 'id' | 'tipo_suscripcion_id'>> = {
        nombre: input.nombre,
        costo: input.costo,
        costo_tres: input.costoTres,
        costo_seis: input.costoSeis,
        costo_doce: input.costoDoce,
        costo_paypal: input.costoPaypal,
        costo_tres_paypal: input.costoTresPaypal,
        costo_seis_paypal: input.costoSeisPaypal,
        costo_doce_paypal: input.costoDocePaypal,
        cant_meses_gratis: input.cantMesesGratis,
        cantidad_sensores: input.cantidadSensores,
        cantidad_dispositivos: input.cantidadDispositivos,
        cantidad_usuarios: input.cantidadUsuarios,
        puede_ser_gratis: input.puedeSerGratis ? 1 : 0,
        activo: input.activo ? 1 : 0,
        ...(input.idSuscripcionPaypalUno !== undefined
          ? { paypal_plan_uno: input.idSuscripcionPaypalUno }
          : {}),
        ...(input.idSuscripcionPaypalTres !== undefined
          ? { paypal_plan_tres: input.idSuscripcionPaypalTres }
          : {}),
        ...(input.idSuscripcionPaypalSeis !== undefined
          ? { paypal_plan_seis: input.idSuscripcionPaypalSeis }
          : {}),
        ...(input.idSuscripcionPaypalDoce !== undefined
          ? { paypal_plan_doce: input.idSuscripcionPaypalDoce }
          : {}),
      };
      if (!(await licensing.updatePlan(input.id, values))) throw notFound(mensajes.planInexistente);
      await record(adminId, 'plan', input.id, 'Modificado', input);
    },

    tiposEquipo: () => inventory.deviceTypes(),

    async guardarTipoEquipo(adminId: number, input: { id?: number | null | undefined; descripcion: string }) {
      const id = await inventory.saveDeviceType(input.id ?? null, input.descripcion);
      await record(adminId, 'tipoEquipo', id, input.id ? 'Modificado' : 'Creado', {
        descripcion: input.descripcion,
      });
      return id;
    },

    // ---- audit ----

    async auditoria(objeto: Objeto, objetoId: number): Promise<EntradaAuditoria[]> {
      const rows = await audit.ofObject(db, objeto, objetoId);
      const names = await users.usernamesOf(rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId])));
      return rows.map((row) => ({
        id: row.id,
        fecha: row.fecha,
        usuario: row.actorId === null ? '' : (names.get(row.actorId) ?? ''),
        accion: row.accion,
        detalle: row.detalle,
      }));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
