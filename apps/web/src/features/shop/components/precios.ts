import { type CantidadMeses, formatoMoneda, type PlanTienda, periodoDe } from '@nexo/contracts';

/** The total of a plan for a period, in local currency (card) or USD (PayPal). */
export function totalDe(plan: PlanTienda, meses: CantidadMeses, paypal: boolean): number {
  const local = { 1: plan.costo, 3: plan.costoTres, 6: plan.costoSeis, 12: plan.costoDoce };
  const usd = {
    1: plan.costoPaypal,
    3: plan.costoTresPaypal,
    6: plan.costoSeisPaypal,
    12: plan.costoDocePaypal,
  };
  return (paypal ? usd : local)[meses];
}

export function paypalPlanDe(plan: PlanTienda, meses: CantidadMeses): string | null {
  return {
    1: plan.idSuscripcionPaypalUno,
    3: plan.idSuscripcionPaypalTres,
    6: plan.idSuscripcionPaypalSeis,
    12: plan.idSuscripcionPaypalDoce,
  }[meses];
}

/** '$12.800 trimestrales' (spec 2 §2: the total with the period suffix). */
export function totalConSufijo(total: number, meses: number | null, moneda: 'ARS' | 'USD' = 'ARS'): string {
  const periodo = periodoDe(meses);
  return periodo ? `${formatoMoneda(total, moneda)} ${periodo.sufijo}` : formatoMoneda(total, moneda);
}

/** The per-month cost: total ÷ months (spec 2 §9). */
export function porMes(total: number, meses: number, moneda: 'ARS' | 'USD' = 'ARS'): string {
  return `${formatoMoneda(Math.round((total / meses) * 100) / 100, moneda)} por mes`;
}
