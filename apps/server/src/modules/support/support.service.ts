import {
  type CambiarEstadoConsultaData,
  type ChatMensajeEvent,
  type Consulta,
  type ConsultaEstadoEvent,
  consultaLimites,
  descripcionEstadoConsulta,
  type EnviarMensajeConsultaData,
  estadosConsulta,
  estadosConsultaCatalogo,
  type MensajeConsulta,
  mensajes,
  type NuevaConsultaData,
  type OrigenNotificacion,
  origenesNotificacion,
  rolesUsuario,
  tiposProblemaCatalogo,
  topics,
} from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import { AppError, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import { type ConsultaRow, createSupportRepository, type MensajeRow } from './support.repository.js';

/** What the support module needs from its siblings; modules.ts passes the real services. */
export interface SupportDeps {
  db: Db;
  hub: RealtimePublisher;
  /** The notifications module's notifier: the owner hears of replies and state changes. */
  notifier: {
    notify(
      userId: number,
      input: { titulo: string; cuerpo?: string; origen: OrigenNotificacion; idRef?: number | null },
    ): Promise<unknown>;
  };
  /** The users module's directory: platform roles read now (not from the token) and usernames. */
  users: {
    hasPlatformRole(userId: number, rol: string): Promise<boolean>;
    idsWithPlatformRole(rol: string): Promise<number[]>;
    usernamesOf(userIds: readonly number[]): Promise<Map<number, string>>;
  };
  /** The shop's ownership check for 'Consulta por compra': a foreign or unknown purchase is refused. */
  purchases?: { owns(userId: number, compraId: number): Promise<boolean> };
  now?: () => number;
}

/** States that take messages (spec 2 §4). */
const abiertas = [estadosConsulta.abierta, estadosConsulta.respondida] as const;
const todosLosEstados = estadosConsultaCatalogo.map((e) => e.id);

const estadoSt = (id: number) => ({ id, descripcion: descripcionEstadoConsulta(id) });
const tipoProblemaSt = (id: number) => ({
  id,
  descripcion: tiposProblemaCatalogo.find((t) => t.id === id)?.descripcion ?? '',
});

/** The title of a new query: the first line of its first message, cut to tituloMax. */
export function tituloDe(mensaje: string): string {
  const firstLine = mensaje.trim().split(/\r?\n/)[0]?.trim() ?? '';
  const chars = [...firstLine];
  return chars.length <= consultaLimites.tituloMax
    ? firstLine
    : `${chars.slice(0, consultaLimites.tituloMax - 1).join('')}…`;
}

function toMensaje(row: MensajeRow): MensajeConsulta {
  return {
    id: Number(row.id),
    cuerpo: row.cuerpo,
    fecha: Number(row.created_at),
    esMsgDeUser: Number(row.es_de_usuario) === 1,
  };
}

function toConsulta(row: ConsultaRow, mensajesRows: MensajeRow[] = []): Consulta {
  return {
    id: row.id,
    fecha: row.created_at,
    estadoSt: estadoSt(row.estado_id),
    titulo: row.titulo,
    tipoProblemaSt: tipoProblemaSt(row.tipo_problema_id),
    esDeCompra: row.es_de_compra === 1,
    compra: row.compra_id === null ? null : { id: row.compra_id },
    fechaUltimoMensaje: row.ultimo_mensaje_at ?? row.created_at,
    mensajes: mensajesRows.map(toMensaje),
    globo: false,
    globoAbierto: false,
  };
}

/**
 * Support queries: rules and permissions. A user reaches only their own queries (404 for anyone
 * else's, nothing changed); admins (ROLE_ADMIN, read from the users table on every call) reach
 * all of them through the admin calls. Messages are taken only while the query is Abierta or
 * Respondida; the state check and the change are one guarded UPDATE inside the transaction that
 * stores the message, so a message never lands on a query closed at the same moment.
 * Every change is published to the owner's and every admin's /topic/user{id} and to
 * /topic/consulta{id}; replies and state changes made by an admin also notify the owner.
 */
export function createSupportService(deps: SupportDeps) {
  const { db, hub } = deps;
  const now = deps.now ?? Date.now;
  const repo = createSupportRepository();

  async function requireOwn(userId: number, consultaId: number): Promise<ConsultaRow> {
    const row = await repo.byId(db, consultaId);
    // Someone else's query answers exactly as a missing one: its existence is not revealed.
    if (!row || row.user_id !== userId) throw notFound(mensajes.consultaNoEncontrada);
    return row;
  }

  async function requireAdmin(userId: number): Promise<void> {
    if (!(await deps.users.hasPlatformRole(userId, rolesUsuario.admin))) throw forbidden();
  }

  async function requireExisting(consultaId: number): Promise<ConsultaRow> {
    const row = await repo.byId(db, consultaId);
    if (!row) throw notFound(mensajes.consultaNoEncontrada);
    return row;
  }

  async function publish(ownerId: number, consultaId: number, event: ChatMensajeEvent | ConsultaEstadoEvent) {
    const admins = await deps.users.idsWithPlatformRole(rolesUsuario.admin);
    for (const userId of new Set([ownerId, ...admins])) hub.publish(topics.usuario(userId), event);
    hub.publish(topics.consulta(consultaId), event);
  }

  const publishState = (row: ConsultaRow, estadoId: number) =>
    publish(row.user_id, row.id, { tipo: 'consulta.estado', idConsulta: row.id, estado: estadoSt(estadoId) });

  /** Stores a message and moves the query to `estadoDespues`, only if it still takes messages. */
  async function addMessage(
    row: ConsultaRow,
    autorId: number,
    cuerpo: string,
    esDeUsuario: boolean,
    estadoDespues: number,
  ): Promise<MensajeConsulta> {
    const stored = await db.transaction().execute(async (trx) => {
      const open = await repo.setState(trx, row.id, estadoDespues, abiertas, now());
      if (!open) return null;
      return repo.insertMessage(trx, { consultaId: row.id, cuerpo, esDeUsuario, autorId, now: now() });
    });
    if (!stored) throw conflict(mensajes.consultaCerrada);
    const mensaje = toMensaje(stored);
    await publish(row.user_id, row.id, {
      tipo: 'chat.mensaje',
      idConsulta: row.id,
      mensaje,
      estado: estadoSt(estadoDespues),
    });
    return mensaje;
  }

  async function withMessages(row: ConsultaRow): Promise<Consulta> {
    return toConsulta(row, await repo.messagesOf(db, row.id));
  }

  async function withUsernames(rows: ConsultaRow[]): Promise<Consulta[]> {
    const names = await deps.users.usernamesOf(rows.map((r) => r.user_id));
    return rows.map((row) => ({
      ...toConsulta(row),
      usuario: { id: row.user_id, username: names.get(row.user_id) ?? '' },
    }));
  }

  async function adminPedido(adminId: number, consultaId: number): Promise<Consulta> {
    await requireAdmin(adminId);
    const row = await requireExisting(consultaId);
    const [withUser] = await withUsernames([row]);
    return { ...(withUser as Consulta), mensajes: (await repo.messagesOf(db, row.id)).map(toMensaje) };
  }

  return {
    tiposProblema: () => tiposProblemaCatalogo.map((t) => ({ id: t.id, descripcion: t.descripcion })),

    /** The caller's queries, newest first, without their messages. */
    async mine(userId: number): Promise<Consulta[]> {
      return (await repo.listOf(db, userId)).map((row) => toConsulta(row));
    },

    /** Opens a query with its first message (spec 2 §5); answers it with its messages. */
    async create(userId: number, input: NuevaConsultaData): Promise<Consulta> {
      const compraId = input.esDeCompra ? (input.compra ?? null) : null;
      if (compraId !== null && deps.purchases && !(await deps.purchases.owns(userId, compraId))) {
        throw new AppError(404, mensajes.consultaCompraAjena);
      }
      const titulo =
        compraId !== null
          ? mensajes.consultaPorCompraTitulo.replace('{id}', String(compraId))
          : tituloDe(input.mensaje);
      const id = await db.transaction().execute(async (trx) => {
        const at = now();
        const consultaId = await repo.insert(trx, {
          userId,
          titulo,
          tipoProblemaId: input.tipoProblema,
          estadoId: estadosConsulta.abierta,
          esDeCompra: compraId !== null,
          compraId,
          now: at,
        });
        await repo.insertMessage(trx, {
          consultaId,
          cuerpo: input.mensaje,
          esDeUsuario: true,
          autorId: userId,
          now: at,
        });
        return consultaId;
      });
      const row = await requireOwn(userId, id);
      await publishState(row, estadosConsulta.abierta);
      return withMessages(row);
    },

    /** One of the caller's queries with its messages (POST /api/consulta/pedido). */
    async pedido(userId: number, consultaId: number): Promise<Consulta> {
      return withMessages(await requireOwn(userId, consultaId));
    },

    /** The owner writes; a Respondida query goes back to Abierta (waiting for support). */
    async sendMessage(userId: number, input: EnviarMensajeConsultaData): Promise<MensajeConsulta> {
      const row = await requireOwn(userId, input.id);
      return addMessage(row, userId, input.mensaje, true, estadosConsulta.abierta);
    },

    /** The owner may only cancel, and only while the query is open (spec 2 §4: a state change). */
    async changeState(userId: number, input: CambiarEstadoConsultaData): Promise<Consulta> {
      const row = await requireOwn(userId, input.id);
      if (input.estado !== estadosConsulta.cancelada) throw forbidden(mensajes.consultaSoloCancelar);
      if (!(await repo.setState(db, row.id, estadosConsulta.cancelada, abiertas, now()))) {
        throw conflict(mensajes.consultaCerrada);
      }
      await publishState(row, estadosConsulta.cancelada);
      return withMessages(await requireOwn(userId, row.id));
    },

    // ---- the support team (ROLE_ADMIN) ----

    /** Open queries (Abierta, Respondida), or every query with `todas`; with who opened each. */
    async adminList(adminId: number, todas: boolean): Promise<Consulta[]> {
      await requireAdmin(adminId);
      return withUsernames(await repo.listAll(db, todas ? null : abiertas));
    },

    adminPedido,

    /** A reply: the query becomes Respondida and the owner is notified (bell, and their channels). */
    async adminReply(adminId: number, input: EnviarMensajeConsultaData): Promise<MensajeConsulta> {
      await requireAdmin(adminId);
      const row = await requireExisting(input.id);
      const mensaje = await addMessage(row, adminId, input.mensaje, false, estadosConsulta.respondida);
      await deps.notifier.notify(row.user_id, {
        titulo: mensajes.consultaRespondidaTitulo.replace('{id}', String(row.id)),
        cuerpo: input.mensaje,
        origen: origenesNotificacion.consulta,
        idRef: row.id,
      });
      return mensaje;
    },

    /** Any state change (close, reopen, cancel); the owner is notified. */
    async adminChangeState(adminId: number, input: CambiarEstadoConsultaData): Promise<Consulta> {
      await requireAdmin(adminId);
      const row = await requireExisting(input.id);
      const from = todosLosEstados.filter((id) => id !== input.estado);
      if (!(await repo.setState(db, row.id, input.estado, from, now()))) {
        throw conflict(mensajes.consultaYaEnEseEstado);
      }
      await publishState(row, input.estado);
      await deps.notifier.notify(row.user_id, {
        titulo: mensajes.consultaEstadoCambiadoTitulo
          .replace('{id}', String(row.id))
          .replace('{estado}', descripcionEstadoConsulta(input.estado)),
        origen: origenesNotificacion.consulta,
        idRef: row.id,
      });
      return adminPedido(adminId, row.id);
    },

    /** STOMP: /topic/consulta{id} is open to the query's owner and to admins. */
    async canFollow(userId: number, consultaId: number): Promise<boolean> {
      const row = await repo.byId(db, consultaId);
      if (!row) return false;
      return row.user_id === userId || deps.users.hasPlatformRole(userId, rolesUsuario.admin);
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
