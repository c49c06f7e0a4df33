import { z } from 'zod';
import { IdSchema, requiredIssue, sinControl, texto } from './common.js';
import { mensajes } from './messages.js';

/**
 * Groups: access requests (autorizaciones, spec 2 §3) and per-device roles (spec 2 §4, §7 Groups).
 * A device id is not an invitation: `asociar` only asks; an owner, admin or developer of the
 * device answers with a role (1 usuario, 2 administrador, 3 desarrollador) or 0 (rejected).
 */

export const AutorizacionSchema = z.object({
  id: z.number(),
  /** Epoch ms of the request. */
  fecha: z.number(),
  estado: z.object({ id: z.number(), descripcion: z.string() }),
  solicitante: z.object({ id: z.number(), username: z.string() }),
  equipo: z.object({ id: z.number(), nombre: z.string() }),
});
export type Autorizacion = z.infer<typeof AutorizacionSchema>;

/** A user holding a role on a device, as the share dialog lists them. */
export const UsuarioConRolSchema = z.object({
  id: z.number(),
  username: z.string(),
  idRol: z.number(),
});
export type UsuarioConRol = z.infer<typeof UsuarioConRolSchema>;

/** GET /api/grupo/equipo/{id}: who has access to one device and who is waiting. */
export const AccesoEquipoSchema = z.object({
  equipo: z.object({ id: z.number(), nombre: z.string() }),
  /** The caller's own role on the device (decides which roles it may give). */
  idRol: z.number(),
  usuarios: z.array(UsuarioConRolSchema),
  pendientes: z.array(AutorizacionSchema),
});
export type AccesoEquipo = z.infer<typeof AccesoEquipoSchema>;

/** POST /api/grupo/asignarRol: approve request `id` with a role, or reject it with 0. */
export const AsignarRolInputSchema = z.object({
  id: IdSchema,
  idRol: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: mensajes.campoInvalido }),
});
export type AsignarRolInput = z.input<typeof AsignarRolInputSchema>;
export type AsignarRolData = z.output<typeof AsignarRolInputSchema>;

/** POST /api/grupo/removerRol: take `idRol` away from `idUsuario` on `idEquipo`. */
export const RemoverRolInputSchema = z.object({
  idEquipo: IdSchema,
  idRol: z.coerce
    .number({ error: requiredIssue })
    .int({ error: mensajes.campoInvalido })
    .min(1, { error: mensajes.campoInvalido })
    .max(4, { error: mensajes.campoInvalido }),
  idUsuario: IdSchema,
});
export type RemoverRolInput = z.input<typeof RemoverRolInputSchema>;
export type RemoverRolData = z.output<typeof RemoverRolInputSchema>;

/** Group user (spec 2 §3): someone holding a role on one of the caller's managed devices. */
export const GrupoUsuarioSchema = z.object({
  id: z.number(),
  username: z.string(),
  roles: z.array(
    z.object({
      equipo: z.object({ id: z.number(), nombre: z.string() }),
      rol: z.object({ id: z.number() }),
      /** Whether the caller may change or remove this role (rolesOtorgables of its own role). */
      editable: z.boolean(),
    }),
  ),
});
export type GrupoUsuario = z.infer<typeof GrupoUsuarioSchema>;

const rolAsignable = z.coerce
  .number({ error: requiredIssue })
  .int({ error: mensajes.campoInvalido })
  .min(1, { error: mensajes.campoInvalido })
  .max(3, { error: mensajes.campoInvalido });

/** POST /api/grupo/reasignarRol: upgrade or downgrade `idUsuario`'s role on `idEquipo`. */
export const ReasignarRolInputSchema = z.object({
  idUsuario: IdSchema,
  idEquipo: IdSchema,
  idRol: rolAsignable,
});
export type ReasignarRolInput = z.input<typeof ReasignarRolInputSchema>;
export type ReasignarRolData = z.output<typeof ReasignarRolInputSchema>;

/** POST /api/grupo/eliminarUsuario: remove the user from every device of the caller's group. */
export const EliminarUsuarioGrupoInputSchema = z.object({ idUsuario: IdSchema });
export type EliminarUsuarioGrupoInput = z.input<typeof EliminarUsuarioGrupoInputSchema>;

/** POST /api/grupo/agregarUsuario (spec 2 §5 share device): username or e-mail 2–1000, equipoId. */
export const AgregarUsuarioInputSchema = z.object({
  username: texto({ min: 2, max: 1000 }),
  equipoId: IdSchema,
});
export type AgregarUsuarioInput = z.input<typeof AgregarUsuarioInputSchema>;
export type AgregarUsuarioData = z.output<typeof AgregarUsuarioInputSchema>;

/** POST /api/usuarios/buscarUsuarios: a text inside the username, among the caller's group users. */
export const BuscarUsuariosInputSchema = z.object({
  username: sinControl(
    z.string({ error: mensajes.campoInvalido }).trim().max(100, { error: mensajes.max100 }),
  ).default(''),
});
export type BuscarUsuariosInput = z.input<typeof BuscarUsuariosInputSchema>;

export const AutorizacionAnswerSchema = z.object({ status: z.literal(1), autorizacion: AutorizacionSchema });
export const AutorizacionesAnswerSchema = z.object({
  status: z.literal(1),
  autorizaciones: z.array(AutorizacionSchema),
});
export const GrupoUsuariosAnswerSchema = z.object({
  status: z.literal(1),
  usuarios: z.array(GrupoUsuarioSchema),
});
/** POST /api/grupo/eliminarUsuario: on how many devices the user lost its role. */
export const UsuarioEliminadoAnswerSchema = z.object({ status: z.literal(1), equipos: z.number() });
export const AccesoEquipoAnswerSchema = AccesoEquipoSchema.extend({ status: z.literal(1) });
