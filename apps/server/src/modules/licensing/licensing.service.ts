import { type Licencia, tiposSuscripcion } from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import type { PlanRow } from '../../platform/db/schema.js';
import { createUserDirectory, type UserDirectory } from '../users/index.js';
import { createLicensingRepository } from './licensing.repository.js';

/** What a licence owner currently uses; the devices module provides the real counts. */
export interface UsageProvider {
  /** `executor` lets the count join the caller's transaction (licence checks before an insert). */
  countFor(
    ownerUserId: number,
    executor?: Db,
  ): Promise<{ equipos: number; sensores: number; usuarios: number }>;
}

export const zeroUsage: UsageProvider = {
  async countFor() {
    return { equipos: 0, sensores: 0, usuarios: 0 };
  },
};

export interface LicensingDeps {
  db: Db;
  usage?: UsageProvider;
  /** Whose licence applies to a sub-user; the users module's directory unless given. */
  users?: Pick<UserDirectory, 'parentOf'>;
}

/** Adds whole calendar months to an epoch-ms time (the trial lasts cantMesesGratis months). */
export function addMonths(from: number, months: number): number {
  const date = new Date(from);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
}

export function createLicensingService(deps: LicensingDeps) {
  const { db } = deps;
  const repo = createLicensingRepository();
  const users = deps.users ?? createUserDirectory(db);
  // Assignable so modules.ts can plug the devices module's counts in after both are built.
  let usage: UsageProvider = deps.usage ?? zeroUsage;

  /** The user whose token applies: a sub-user uses the parent's subscription. */
  async function licenceOwner(userId: number, executor: Db = db): Promise<number> {
    return (await users.parentOf(userId, executor)) ?? userId;
  }

  async function issue(
    executor: Db,
    userId: number,
    plan: NonNullable<Awaited<ReturnType<typeof repo.planById>>>,
    options: { months: number | null; esGratuito: boolean },
  ): Promise<number> {
    const now = Date.now();
    return repo.insertToken(executor, {
      user_id: userId,
      plan_id: plan.id,
      tipo_suscripcion_id: plan.tipo_suscripcion_id,
      es_gratuito: options.esGratuito ? 1 : 0,
      cantidad_dispositivos: plan.cantidad_dispositivos,
      cantidad_sensores: plan.cantidad_sensores,
      cantidad_usuarios: plan.cantidad_usuarios,
      permite_vistas: plan.permite_vistas,
      permite_mapa: plan.permite_mapa,
      fecha_desde: now,
      fecha_hasta: options.months === null ? null : addMonths(now, options.months),
    });
  }

  return {
    setUsageProvider(provider: UsageProvider): void {
      usage = provider;
    },

    licenceOwner,

    /**
     * The active token of the user (a sub-user gets the parent's), with the owner's current usage.
     * Pass `executor` to read inside the caller's transaction (limit check and insert together).
     */
    async getActiveLicence(userId: number, executor: Db = db): Promise<Licencia | null> {
      const ownerId = await licenceOwner(userId, executor);
      const [token] = await repo.activeTokens(executor, ownerId, Date.now());
      if (!token) return null;
      const used = await usage.countFor(ownerId, executor);
      return {
        id: token.id,
        tipoSuscripcion: { id: token.tipo_suscripcion_id, descripcion: token.tipo_descripcion },
        nombrePlan: token.plan_nombre,
        cantidadDispositivos: token.cantidad_dispositivos,
        cantidadSensores: token.cantidad_sensores,
        cantidadUsuarios: token.cantidad_usuarios,
        cantEquiposAsignados: used.equipos,
        cantSensoresAsignados: used.sensores,
        cantUsuariosAsignados: used.usuarios,
        cancelacionSolicitada: token.cancelacion_solicitada === 1,
        fechaDesde: token.fecha_desde,
        fechaHasta: token.fecha_hasta,
        esGratuito: token.es_gratuito === 1,
        permiteVistas: token.permite_vistas === 1,
        permiteMapa: token.permite_mapa === 1,
      };
    },

    /**
     * The plan of the user's active licence (a sub-user's is the parent's) and the plans whose free
     * trial the user may still take: on sale, with a trial, and never tried (once per plan).
     */
    async planSummary(
      userId: number,
      executor: Db = db,
    ): Promise<{ idPlan: number | null; pruebasDisponibles: number[] }> {
      const ownerId = await licenceOwner(userId, executor);
      const [token] = await repo.activeTokens(executor, ownerId, Date.now());
      const plans = (await repo.allPlans(executor)).filter(
        (plan) => plan.activo === 1 && plan.puede_ser_gratis === 1 && plan.cant_meses_gratis > 0,
      );
      const pruebasDisponibles: number[] = [];
      if (ownerId === userId) {
        for (const plan of plans) {
          if (!(await repo.hadFreeTokenOfPlan(executor, userId, Number(plan.id))))
            pruebasDisponibles.push(Number(plan.id));
        }
      }
      return { idPlan: token ? Number(token.plan_id) : null, pruebasDisponibles };
    },

    /**
     * Gives the user the free trial token (plan of type 1, cantMesesGratis months).
     * Pass `executor` to run inside the caller's transaction (registration).
     */
    async issueTrial(userId: number, executor: Db = db): Promise<number> {
      const plan = await repo.trialPlan(executor);
      if (!plan) throw new Error('No existe el plan de prueba gratuita (seed de referencia no ejecutado)');
      return issue(executor, userId, plan, { months: Math.max(plan.cant_meses_gratis, 1), esGratuito: true });
    },

    /** Issues a paid token of the given subscription type (shop, seeds, tests). `months` null = no end. */
    async issuePlan(
      userId: number,
      tipo: number = tiposSuscripcion.full,
      options: { months?: number | null; executor?: Db } = {},
    ): Promise<number> {
      const executor = options.executor ?? db;
      const plan = await repo.planByTipo(executor, tipo);
      if (!plan) throw new Error(`No existe un plan de tipo ${tipo}`);
      return issue(executor, userId, plan, { months: options.months ?? null, esGratuito: false });
    },

    async hasAnyToken(userId: number): Promise<boolean> {
      return repo.hasAnyToken(db, userId);
    },

    /** Finishes tokens past their end date; returns the tokens it finished (owner, purchase). */
    async finishExpired(now: number = Date.now()) {
      return repo.finishExpired(db, now);
    },

    /** Every plan, sold or not (the admin catalogue). */
    async allPlans(executor: Db = db) {
      return repo.allPlans(executor);
    },

    /**
     * The admin's plan edit: limits, prices per period, PayPal plan ids, trial months, on sale or not.
     * Tokens already issued keep the limits they were issued with.
     */
    async updatePlan(
      planId: number,
      values: Partial<Omit<PlanRow, 'id' | 'tipo_suscripcion_id'>>,
    ): Promise<boolean> {
      return repo.updatePlan(db, planId, values);
    },

    /** The plans the shop sells, cheapest first. */
    async activePlans(executor: Db = db) {
      return repo.activePlans(executor);
    },

    async planById(planId: number, executor: Db = db) {
      return repo.planById(executor, planId);
    },

    /** Whether the user already had the free trial of this plan (a trial is offered once per plan). */
    async hadTrialOf(userId: number, planId: number, executor: Db = db): Promise<boolean> {
      return repo.hadFreeTokenOfPlan(executor, userId, planId);
    },

    /**
     * The licence a confirmed purchase grants, inside the purchase's transaction. Paid: an active
     * paid token of the same plan is extended from its end (or from now), and the purchase it came
     * from is returned as `replacedCompraId`; otherwise a token is issued from now. Free: a trial
     * token of `months` months.
     */
    async grantPurchased(
      executor: Db,
      input: { userId: number; planId: number; months: number; compraId: number; esGratuito: boolean },
    ): Promise<{ tokenId: number; fechaHasta: number; replacedCompraId: number | null }> {
      const plan = await repo.planById(executor, input.planId);
      if (!plan) throw new Error(`No existe el plan ${input.planId}`);
      const now = Date.now();
      if (!input.esGratuito) {
        const current = await repo.activePaidTokenOfPlan(executor, input.userId, input.planId, now);
        if (current) {
          const fechaHasta = addMonths(Math.max(now, Number(current.fecha_hasta ?? now)), input.months);
          await repo.extendToken(executor, Number(current.id), {
            fecha_hasta: fechaHasta,
            compra_id: input.compraId,
          });
          const replaced = current.compra_id === null ? null : Number(current.compra_id);
          return {
            tokenId: Number(current.id),
            fechaHasta,
            replacedCompraId: replaced === input.compraId ? null : replaced,
          };
        }
      }
      const tokenId = await issue(executor, input.userId, plan, {
        months: input.months,
        esGratuito: input.esGratuito,
      });
      await repo.setCompra(executor, tokenId, input.compraId);
      return { tokenId, fechaHasta: addMonths(now, input.months), replacedCompraId: null };
    },

    /** Cancellation requested (or withdrawn) on the tokens of a purchase; they stay valid until fechaHasta. */
    async setCancellation(compraId: number, requested: boolean, executor: Db = db): Promise<number> {
      return repo.setCancellation(executor, compraId, requested);
    },

    /** The tokens each purchase issued or last extended (Mis compras' detail). */
    async tokensOfPurchases(compraIds: readonly number[], executor: Db = db) {
      return repo.tokensOfPurchases(executor, compraIds);
    },
  };
}
export type LicensingService = ReturnType<typeof createLicensingService>;
