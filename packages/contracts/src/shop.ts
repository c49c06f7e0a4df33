import { z } from 'zod';
import { condicional, IdSchema, requiredIssue, sinControl } from './common.js';
import { PlanSchema } from './licensing.js';
import { mensajes } from './messages.js';

/**
 * The shop (spec 2 §2 /tienda/*, §3 Purchase, Product, Payment form, §4 purchase and token states,
 * §5 payment and cart rules, §7 Sales, §9 periods and currency). The server prices everything: no
 * body carries a price or a total, only ids, quantities and the period.
 */

/** Purchase states (spec 2 §4). */
export const estadosCompra = {
  enEspera: 1,
  pagada: 2,
  cancelada: 3,
  enviada: 4,
  entregada: 5,
  cancelacionSolicitada: 6,
  finalizada: 7,
  activada: 8,
} as const;
export type EstadoCompraId = (typeof estadosCompra)[keyof typeof estadosCompra];
export const estadosCompraCatalogo = [
  { id: 1, descripcion: 'En espera' },
  { id: 2, descripcion: 'Pagada' },
  { id: 3, descripcion: 'Cancelada' },
  { id: 4, descripcion: 'Enviada' },
  { id: 5, descripcion: 'Entregada' },
  { id: 6, descripcion: 'Cancelación solicitada' },
  { id: 7, descripcion: 'Finalizada' },
  { id: 8, descripcion: 'Activada' },
] as const;

/** Purchase types, payment means and shipping types (spec 2 §4, §9). */
export const tiposCompra = { licencia: 1, producto: 2 } as const;
export const tiposCompraCatalogo = [
  { id: 1, descripcion: 'Licencia' },
  { id: 2, descripcion: 'Producto' },
] as const;
export const mediosPago = { pagoEnLocal: 1, pasarela: 2, transferencia: 3 } as const;
export const mediosPagoCatalogo = [
  { id: 1, descripcion: 'Pago en el local' },
  { id: 2, descripcion: 'Tarjeta (MercadoPago)' },
  { id: 3, descripcion: 'Transferencia bancaria' },
] as const;
/** PayPal pays licences only; it is a payment origin, not a means a cart offers. */
export const medioPagoPaypal = { id: 4, descripcion: 'PayPal' } as const;
export const tiposEnvio = { correo: 1, retiroLocal: 2 } as const;
export const tiposEnvioCatalogo = [
  { id: 1, descripcion: 'Correo' },
  { id: 2, descripcion: 'Retiro por local' },
] as const;

export function descripcionDe(
  catalogo: ReadonlyArray<{ id: number; descripcion: string }>,
  id: number | null,
) {
  return catalogo.find((entry) => entry.id === id)?.descripcion ?? '';
}

/** Subscription periods (spec 2 §9): months, name and the suffix after a total. */
export const periodosSuscripcion = [
  { meses: 1, nombre: 'Mensual', sufijo: 'mensuales' },
  { meses: 3, nombre: 'Trimestral', sufijo: 'trimestrales' },
  { meses: 6, nombre: 'Semestral', sufijo: 'semestrales' },
  { meses: 12, nombre: 'Anual', sufijo: 'anuales' },
] as const;
export type CantidadMeses = 1 | 3 | 6 | 12;
export function periodoDe(meses: number | null | undefined) {
  return periodosSuscripcion.find((p) => p.meses === meses) ?? null;
}

/** The plan fields that price each period: local currency for the card gateway, USD for PayPal. */
export const costoPorPeriodo = {
  1: { local: 'costo', paypal: 'costoPaypal', paypalPlan: 'idSuscripcionPaypalUno' },
  3: { local: 'costoTres', paypal: 'costoTresPaypal', paypalPlan: 'idSuscripcionPaypalTres' },
  6: { local: 'costoSeis', paypal: 'costoSeisPaypal', paypalPlan: 'idSuscripcionPaypalSeis' },
  12: { local: 'costoDoce', paypal: 'costoDocePaypal', paypalPlan: 'idSuscripcionPaypalDoce' },
} as const;

/**
 * Money as the spec writes it (§9): '$' for the local currency, 'USD' for PayPal, '.' for
 * thousands and ',' for decimals; whole amounts without decimals.
 */
export function formatoMoneda(monto: number, moneda: 'ARS' | 'USD' = 'ARS'): string {
  const negativo = monto < 0;
  const [entero = '0', decimales = '00'] = Math.abs(monto).toFixed(2).split('.');
  const miles = entero.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const cuerpo = decimales === '00' ? miles : `${miles},${decimales}`;
  return `${negativo ? '-' : ''}${moneda === 'USD' ? 'USD ' : '$'}${cuerpo}`;
}

/** The status message of a purchase (spec 2 §4), or null where the spec gives none. */
export function mensajeEstadoCompra(compra: {
  estadoId: number;
  tipoCompraId: number;
  medioPagoId: number | null;
  tipoEnvioId: number | null;
}): string | null {
  switch (compra.estadoId) {
    case estadosCompra.enEspera:
      if (compra.medioPagoId === mediosPago.pagoEnLocal) return mensajes.compraEsperaPagoLocal;
      if (compra.medioPagoId === mediosPago.transferencia) return mensajes.compraEsperaTransferencia;
      if (compra.medioPagoId === mediosPago.pasarela) return mensajes.compraEsperaPasarela;
      return null;
    case estadosCompra.pagada:
      if (compra.tipoCompraId !== tiposCompra.producto) return null;
      if (compra.tipoEnvioId === tiposEnvio.correo) return mensajes.compraPreparando;
      if (compra.tipoEnvioId === tiposEnvio.retiroLocal) return mensajes.compraEsperaRetiro;
      return null;
    case estadosCompra.enviada:
      return compra.tipoEnvioId === tiposEnvio.correo ? mensajes.compraEnViaje : null;
    case estadosCompra.entregada:
      return mensajes.compraEntregada;
    default:
      return null;
  }
}

const DescripcionSchema = z.object({ id: z.number(), descripcion: z.string() });

export const CategoriaProductoSchema = DescripcionSchema;
export type CategoriaProducto = z.infer<typeof CategoriaProductoSchema>;

export const ProductoSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  descripcion: z.string(),
  modelo: z.string(),
  /** Unit price in the local currency. */
  valor: z.number(),
  stock: z.number(),
  categoriaProducto: DescripcionSchema,
});
export type Producto = z.infer<typeof ProductoSchema>;

/** A plan as the shop lists it (spec 2 §3 Subscription plan), PayPal plan ids and features included. */
export const PlanTiendaSchema = PlanSchema.extend({
  idSuscripcionPaypalUno: z.string().nullable(),
  idSuscripcionPaypalTres: z.string().nullable(),
  idSuscripcionPaypalSeis: z.string().nullable(),
  idSuscripcionPaypalDoce: z.string().nullable(),
  permiteVistas: z.boolean(),
  permiteMapa: z.boolean(),
});
export type PlanTienda = z.infer<typeof PlanTiendaSchema>;

export const ItemCompraSchema = z.object({
  id: z.number(),
  cantidad: z.number(),
  /** Unit cost charged. */
  costo: z.number(),
  producto: z.object({ id: z.number(), nombre: z.string(), modelo: z.string() }).nullable(),
  suscripcion: z.object({ id: z.number(), nombre: z.string() }).nullable(),
});
export const PagoSchema = z.object({
  id: z.number(),
  fecha: z.number(),
  motivo: z.string(),
  origenPago: z.string(),
  monto: z.number(),
  montoFinalRecibido: z.number(),
  moneda: z.enum(['ARS', 'USD']),
});
export type Pago = z.infer<typeof PagoSchema>;
export const LogCompraSchema = z.object({ id: z.number(), fecha: z.number(), descripcion: z.string() });
export const SuscripcionTokenSchema = z.object({
  id: z.number(),
  estado: DescripcionSchema,
  fechaDesde: z.number(),
  fechaHasta: z.number().nullable(),
  esGratuito: z.boolean(),
  cancelacionSolicitada: z.boolean(),
});

/** How to pay by bank transfer (the admin keeps it; spec 2 §5 "transfer"): at least one destination. */
export const DatosTransferenciaSchema = z.object({
  titular: z.string(),
  banco: z.string(),
  cbu: z.string().nullable(),
  alias: z.string().nullable(),
  iban: z.string().nullable(),
  swift: z.string().nullable(),
  cuit: z.string(),
});
export type DatosTransferencia = z.infer<typeof DatosTransferenciaSchema>;
/** Where and when to pay at the shop. */
export const DatosLocalSchema = z.object({ direccion: z.string(), horario: z.string() });
export type DatosLocal = z.infer<typeof DatosLocalSchema>;

/**
 * What a waiting purchase paid by transfer or at the shop shows its buyer: the exact amount, the
 * reference to write on the transfer (the purchase number) and the admin's details for that means.
 */
export const InstruccionesPagoSchema = z.object({
  referencia: z.string(),
  monto: z.number(),
  moneda: z.enum(['ARS', 'USD']),
  transferencia: DatosTransferenciaSchema.nullable(),
  local: DatosLocalSchema.nullable(),
});
export type InstruccionesPago = z.infer<typeof InstruccionesPagoSchema>;

export const CompraSchema = z.object({
  id: z.number(),
  fechaCreada: z.number(),
  estadoCompra: DescripcionSchema,
  tipoCompra: DescripcionSchema,
  medioPago: DescripcionSchema.nullable(),
  tipoEnvio: DescripcionSchema.nullable(),
  direccionEnvio: z.string().nullable(),
  totalCompra: z.number(),
  moneda: z.enum(['ARS', 'USD']),
  /** Licence purchases: the months paid (1, 3, 6, 12). */
  cantidadMeses: z.number().nullable(),
  itemsCompra: z.array(ItemCompraSchema),
  pagos: z.array(PagoSchema),
  logs: z.array(LogCompraSchema),
  suscripcionesToken: z.array(SuscripcionTokenSchema),
  equipos: z.array(z.object({ id: z.number(), nombre: z.string() })),
  refMercadoPago: z.string().nullable(),
  /** A licence the provider charges again every period (MercadoPago or PayPal subscription). */
  renovacionAutomatica: z.boolean(),
  numeroSeguimiento: z.string().nullable(),
  modoGratuita: z.boolean(),
  /** The status message of spec 2 §4, null where it gives none. */
  mensajeEstado: z.string().nullable(),
  /** Waiting for a transfer or a payment at the shop: how to pay it; null otherwise. */
  instruccionesPago: InstruccionesPagoSchema.nullable(),
  /** An unpaid product purchase holds its stock until then; it is cancelled after it. */
  reservadaHasta: z.number().nullable(),
  /** Only in admin answers. */
  usuario: z.object({ id: z.number(), username: z.string() }).optional(),
  montoFinalRecibido: z.number().optional(),
});
export type Compra = z.infer<typeof CompraSchema>;

/** What the card form and the PayPal button need: the gateway's public key and whether it is the sandbox. */
export const ConfigPagosSchema = z.object({
  modoPrueba: z.boolean(),
  mercadoPagoPublicKey: z.string().nullable(),
  paypalClientId: z.string().nullable(),
});
export type ConfigPagos = z.infer<typeof ConfigPagosSchema>;

// ---- inputs ----

const cantidadMesesSchema = z.coerce
  .number({ error: () => mensajes.periodoRequerido })
  .refine((m) => [1, 3, 6, 12].includes(m), { error: mensajes.periodoRequerido })
  .transform((m) => m as CantidadMeses);

/** Cart quantity (spec 2 §5): a whole number from 1; the stock bound is checked by the server. */
export const cantidadCarritoSchema = z.coerce
  .number({ error: requiredIssue })
  .int({ error: mensajes.soloNumerosEnteros })
  .min(1, { error: mensajes.cantidadMinima })
  .max(100_000, { error: mensajes.cantidadMinima });

/** A referenced object inside a shop body: its id and nothing else (a `valor` there is refused). */
const RefEstrictoSchema = z.strictObject({ id: IdSchema });

export const ItemCarritoInputSchema = z.strictObject({
  /** Only products go through the cart; licences are bought from /tienda/suscripcion. */
  tipoCompra: z
    .union([z.literal(tiposCompra.producto), z.strictObject({ id: z.literal(tiposCompra.producto) })])
    .optional(),
  producto: RefEstrictoSchema,
  cantidad: cantidadCarritoSchema,
});

const direccionSchema = sinControl(
  z.string().trim().min(5, { error: mensajes.muyCorto }).max(300, { error: mensajes.muyLargo }),
);

/** POST /api/ventas/generarCompra: the cart, the payment means and the shipping type. */
export const GenerarCompraInputSchema = z
  .strictObject({
    carrito: z.array(ItemCarritoInputSchema).min(1, { error: mensajes.carritoVacio }).max(50),
    medioPago: RefEstrictoSchema,
    tipoEnvio: RefEstrictoSchema,
    direccionEnvio: direccionSchema.optional().nullable(),
  })
  .refine((input) => mediosPagoCatalogo.some((m) => m.id === input.medioPago.id), {
    error: mensajes.medioPagoInvalido,
    path: ['medioPago'],
  })
  .refine((input) => tiposEnvioCatalogo.some((t) => t.id === input.tipoEnvio.id), {
    error: mensajes.tipoEnvioInvalido,
    path: ['tipoEnvio'],
  })
  .refine((input) => input.tipoEnvio.id !== tiposEnvio.correo || Boolean(input.direccionEnvio), {
    error: mensajes.direccionRequerida,
    path: ['direccionEnvio'],
  })
  // The document states the rules above: the catalogues' ids, and the address when shipping by post.
  .meta({
    allOf: [
      {
        properties: {
          medioPago: { properties: { id: { enum: mediosPagoCatalogo.map((m) => m.id) } } },
          tipoEnvio: { properties: { id: { enum: tiposEnvioCatalogo.map((t) => t.id) } } },
        },
      },
    ],
    ...condicional(
      { properties: { tipoEnvio: { properties: { id: { const: tiposEnvio.correo } } } } },
      { required: ['direccionEnvio'], properties: { direccionEnvio: { type: 'string', minLength: 5 } } },
    ),
  });
export type GenerarCompraInput = z.input<typeof GenerarCompraInputSchema>;
export type GenerarCompraData = z.output<typeof GenerarCompraInputSchema>;

/** POST /api/ventas/modificarCompra: a waiting purchase's payment means and shipping. */
export const ModificarCompraInputSchema = z
  .strictObject({
    id: IdSchema,
    medioPago: RefEstrictoSchema,
    tipoEnvio: RefEstrictoSchema.optional().nullable(),
    direccionEnvio: direccionSchema.optional().nullable(),
  })
  .refine((input) => mediosPagoCatalogo.some((m) => m.id === input.medioPago.id), {
    error: mensajes.medioPagoInvalido,
    path: ['medioPago'],
  })
  .refine((input) => !input.tipoEnvio || tiposEnvioCatalogo.some((t) => t.id === input.tipoEnvio?.id), {
    error: mensajes.tipoEnvioInvalido,
    path: ['tipoEnvio'],
  });
export type ModificarCompraInput = z.input<typeof ModificarCompraInputSchema>;
export type ModificarCompraData = z.output<typeof ModificarCompraInputSchema>;

/**
 * The card data the gateway's tokenization returned (spec 2 §3 Payment form): the card number and
 * code never reach the server, only the token.
 */
export const PagoTarjetaSchema = z.strictObject({
  token: z.string().trim().min(1, { error: mensajes.requerido }).max(200),
  paymentMethodId: z.string().trim().min(1, { error: mensajes.requerido }).max(50),
  issuerId: z
    .union([z.string().max(50), z.number()])
    .optional()
    .nullable(),
  installments: z.coerce.number().int().min(1).max(48).default(1),
  email: z.email({ error: mensajes.mailIncorrecto }).max(100, { error: mensajes.max100 }),
  docType: z.string().trim().min(1, { error: mensajes.requerido }).max(20),
  docNumber: z
    .string({ error: requiredIssue })
    .trim()
    .regex(/^\d{1,9}$/, { error: mensajes.soloNumeros }),
});
export type PagoTarjeta = z.infer<typeof PagoTarjetaSchema>;

/** POST /api/ventas/generarCompraSuscripcion: a plan, the period and the card token. */
export const GenerarCompraSuscripcionInputSchema = z.strictObject({
  idSuscripcion: IdSchema,
  cantidadMeses: cantidadMesesSchema,
  pago: PagoTarjetaSchema,
  /** A waiting licence purchase to pay ('Iniciar pago'); a new one is created when absent. */
  idCompra: IdSchema.optional().nullable(),
  /** Charge the card again every period (a MercadoPago subscription) instead of once. */
  renovacionAutomatica: z.boolean().default(false),
});
export type GenerarCompraSuscripcionInput = z.input<typeof GenerarCompraSuscripcionInputSchema>;
export type GenerarCompraSuscripcionData = z.output<typeof GenerarCompraSuscripcionInputSchema>;

/** POST /api/ventas/generarCompraSuscripcionPaypal: the subscription the PayPal button approved. */
export const GenerarCompraSuscripcionPaypalInputSchema = z.strictObject({
  idSuscripcion: IdSchema,
  cantidadMeses: cantidadMesesSchema,
  subscriptionID: z.string().trim().min(1, { error: mensajes.requerido }).max(100),
  orderID: z.string().trim().max(100).optional().nullable(),
});
export type GenerarCompraSuscripcionPaypalInput = z.input<typeof GenerarCompraSuscripcionPaypalInputSchema>;

/**
 * POST /api/ventas/grabarSuscripcion (the spec's "storing a contracted subscription", path ours):
 * the free trial (`esGratis`), or a licence paid by transfer or at the shop, which waits for an admin.
 */
export const GrabarSuscripcionInputSchema = z
  .strictObject({
    id: IdSchema,
    esGratis: z.boolean().default(false),
    cantidadMeses: cantidadMesesSchema.optional(),
    medioPago: RefEstrictoSchema.optional(),
  })
  .refine((input) => input.esGratis || input.cantidadMeses !== undefined, {
    error: mensajes.periodoRequerido,
    path: ['cantidadMeses'],
  })
  .refine(
    (input) =>
      input.esGratis ||
      input.medioPago?.id === mediosPago.transferencia ||
      input.medioPago?.id === mediosPago.pagoEnLocal,
    { error: mensajes.medioPagoInvalido, path: ['medioPago'] },
  );
export type GrabarSuscripcionInput = z.input<typeof GrabarSuscripcionInputSchema>;
export type GrabarSuscripcionData = z.output<typeof GrabarSuscripcionInputSchema>;

/** POST /api/ventas/pagarCompra: pay a waiting product purchase by card ('Iniciar pago'). */
export const PagarCompraInputSchema = z.strictObject({ id: IdSchema, pago: PagoTarjetaSchema });
export type PagarCompraInput = z.input<typeof PagarCompraInputSchema>;

// ---- admin ----

export const ConfirmarPagoInputSchema = z.strictObject({
  id: IdSchema,
  /** What actually arrived, after fees; the purchase total when absent. */
  montoFinalRecibido: z.coerce.number().min(0).max(1e10).optional(),
});
export const EnviarCompraInputSchema = z.strictObject({
  id: IdSchema,
  numeroSeguimiento: sinControl(
    z.string({ error: requiredIssue }).trim().min(3, { error: mensajes.muyCorto }).max(60),
  ),
});
export const CancelarCompraInputSchema = z.strictObject({
  id: IdSchema,
  motivo: sinControl(z.string({ error: requiredIssue }).trim().min(3, { error: mensajes.muyCorto }).max(300)),
});

// ---- card form (spec 2 §5 Payment, card step) ----

/** The Luhn check digit test every card number passes (ISO/IEC 7812). */
export function luhnValido(numero: string): boolean {
  if (!/^\d+$/.test(numero)) return false;
  let sum = 0;
  let double = false;
  for (let i = numero.length - 1; i >= 0; i--) {
    let digit = Number(numero[i]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** A card field: empty is 'requerido'; any other fault is the field's spec text (spec 2 §8). */
const campoTarjeta = (mensaje: string, valido: (v: string) => boolean) =>
  z
    .string({ error: requiredIssue })
    .trim()
    .min(1, { error: mensajes.requerido, abort: true })
    .refine(valido, { error: mensaje });

const anioActual = () => new Date().getFullYear();
/** A 2- or 4-digit year as a full year. */
const anioCompleto = (v: string) => Number(v.length === 2 ? `20${v}` : v);

/**
 * The fields the card step validates before tokenizing (spec 2 §5), each with the text the card
 * provider gives for it (spec 2 §8), so the form, the sandbox and MercadoPago say the same.
 */
export const FormularioTarjetaSchema = z.object({
  cantidadMeses: cantidadMesesSchema,
  email: z
    .string({ error: requiredIssue })
    .trim()
    .min(1, { error: mensajes.requerido })
    .max(100, { error: mensajes.max100 })
    .pipe(z.email({ error: mensajes.mailIncorrecto })),
  docType: z.string({ error: requiredIssue }).min(1, { error: mensajes.requerido }),
  docNumber: campoTarjeta(mensajes.tarjetaDocumentoInvalido, (v) => /^\d{7,11}$/.test(v)),
  cardholderName: campoTarjeta(mensajes.tarjetaNombreInvalido, (v) => /^[\p{L} .'-]{2,100}$/u.test(v)),
  cardExpirationMonth: campoTarjeta(
    mensajes.tarjetaMesInvalido,
    (v) => /^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 12,
  ),
  cardExpirationYear: campoTarjeta(
    mensajes.tarjetaAnioInvalido,
    (v) =>
      /^(\d{2}|\d{4})$/.test(v) && anioCompleto(v) >= anioActual() && anioCompleto(v) <= anioActual() + 20,
  ),
  securityCode: campoTarjeta(mensajes.tarjetaCodigoInvalido, (v) => /^\d{3,4}$/.test(v)),
  cardNumber: campoTarjeta(mensajes.tarjetaNumeroInvalido, (v) => {
    const digits = v.replace(/[\s-]+/g, '');
    return /^\d{13,19}$/.test(digits) && luhnValido(digits);
  }),
  issuer: z.string().optional(),
  installments: z.coerce.number().int().min(1).default(1),
});
export type FormularioTarjeta = z.input<typeof FormularioTarjetaSchema>;

/** The card form field each tokenization error code points at. */
export const campoErrorTarjeta: Record<string, string> = {
  '325': 'cardExpirationMonth',
  '326': 'cardExpirationYear',
  E301: 'cardNumber',
  E302: 'securityCode',
  '316': 'cardholderName',
  '324': 'docNumber',
  // MercadoPago.js's own codes for the same faults (empty or malformed fields).
  '205': 'cardNumber',
  '208': 'cardExpirationMonth',
  '209': 'cardExpirationYear',
  E203: 'securityCode',
  E205: 'cardExpirationYear',
  '212': 'docNumber',
  '213': 'docNumber',
  '214': 'docNumber',
  '221': 'cardholderName',
  '224': 'securityCode',
  '322': 'docNumber',
  '323': 'docNumber',
};

/** The card provider's tokenization error codes and their texts (spec 2 §8). */
export const erroresTarjeta: Record<string, string> = {
  '325': mensajes.tarjetaMesInvalido,
  '326': mensajes.tarjetaAnioInvalido,
  E301: mensajes.tarjetaNumeroInvalido,
  E302: mensajes.tarjetaCodigoInvalido,
  '316': mensajes.tarjetaNombreInvalido,
  '324': mensajes.tarjetaDocumentoInvalido,
  '205': mensajes.tarjetaNumeroInvalido,
  '208': mensajes.tarjetaMesInvalido,
  '209': mensajes.tarjetaAnioInvalido,
  E203: mensajes.tarjetaCodigoInvalido,
  E205: mensajes.tarjetaAnioInvalido,
  '212': mensajes.tarjetaDocumentoInvalido,
  '213': mensajes.tarjetaDocumentoInvalido,
  '214': mensajes.tarjetaDocumentoInvalido,
  '221': mensajes.tarjetaNombreInvalido,
  '224': mensajes.tarjetaCodigoInvalido,
  '322': mensajes.tarjetaDocumentoInvalido,
  '323': mensajes.tarjetaDocumentoInvalido,
};

/** GET /ventas/traerProductos?categoria={id}: one category, or all. */
export const TraerProductosQuerySchema = z.object({
  categoria: z.coerce.number().int().positive({ error: mensajes.campoInvalido }).optional(),
});

/** GET /api/admin/ventas/compras?todas=1: open purchases only unless `todas`. */
export const ListadoComprasAdminQuerySchema = z.object({
  todas: z
    .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** The sandbox PayPal button: a subscription on the plan's period, as PayPal's button creates one. */
export const SandboxPaypalInputSchema = z.strictObject({
  idSuscripcion: IdSchema,
  cantidadMeses: cantidadMesesSchema,
});

/** POST /api/ventas/cancelarSuscripcion and /reactivarSuscripcion: the licence purchase id. */
export const CompraIdInputSchema = z.strictObject({ id: IdSchema });

/** The shop's settings the admin keeps (/admin/catalogo, 'Datos de pago'). */
export const ConfigTiendaSchema = z.object({
  transferencia: DatosTransferenciaSchema.nullable(),
  local: DatosLocalSchema.nullable(),
  /** Hours an unpaid product purchase holds its stock (default 72). */
  reservaHoras: z.number(),
  /** Unpaid product purchases a user may hold at once (default 3). */
  maxComprasImpagas: z.number(),
});
export type ConfigTienda = z.infer<typeof ConfigTiendaSchema>;

const datoOpcional = (max: number) =>
  sinControl(z.string().trim().max(max, { error: mensajes.muyLargo }))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null);
const datoRequerido = (max: number) =>
  sinControl(
    z
      .string({ error: requiredIssue })
      .trim()
      .min(1, { error: mensajes.requerido })
      .max(max, { error: mensajes.muyLargo }),
  );

/** POST /api/admin/ventas/configTienda: null turns a means off (it is then neither offered nor accepted). */
export const ConfigTiendaInputSchema = z.strictObject({
  transferencia: z
    .strictObject({
      titular: datoRequerido(100),
      banco: datoRequerido(100),
      cbu: datoOpcional(40),
      alias: datoOpcional(40),
      iban: datoOpcional(40),
      swift: datoOpcional(20),
      cuit: datoRequerido(20),
    })
    .refine((t) => Boolean(t.cbu || t.alias || t.iban), {
      error: mensajes.datosTransferenciaIncompletos,
      path: ['cbu'],
    })
    .nullable(),
  local: z.strictObject({ direccion: datoRequerido(200), horario: datoRequerido(200) }).nullable(),
  reservaHoras: z.coerce
    .number({ error: requiredIssue })
    .int({ error: mensajes.soloNumerosEnteros })
    .min(1, { error: mensajes.campoInvalido })
    .max(720, { error: mensajes.campoInvalido }),
  maxComprasImpagas: z.coerce
    .number({ error: requiredIssue })
    .int({ error: mensajes.soloNumerosEnteros })
    .min(1, { error: mensajes.campoInvalido })
    .max(50, { error: mensajes.campoInvalido }),
});
export type ConfigTiendaInput = z.input<typeof ConfigTiendaInputSchema>;
export type ConfigTiendaData = z.output<typeof ConfigTiendaInputSchema>;

/** A logged-in user's cart line as the server keeps it (the product as the catalogue lists it now). */
export const LineaCarritoSchema = z.object({ producto: ProductoSchema, cantidad: z.number() });
export type LineaCarrito = z.infer<typeof LineaCarritoSchema>;
/** POST /api/ventas/carrito (replace) and /api/ventas/carrito/fusionar (add, capped by stock). */
export const CarritoInputSchema = z.strictObject({
  carrito: z.array(z.strictObject({ producto: RefEstrictoSchema, cantidad: cantidadCarritoSchema })).max(50),
});
export type CarritoInput = z.input<typeof CarritoInputSchema>;

// ---- answers of the routes ----

const answer = <T extends z.ZodRawShape>(shape: T) => z.object({ status: z.literal(1), ...shape });

/** How a card payment attempt ended, for the payment wizard's result step. */
export const ResultadoPagoSchema = z.object({
  estado: z.enum(['aprobado', 'pendiente', 'rechazado']),
  mensaje: z.string(),
});
export const ProductosAnswerSchema = answer({ productos: z.array(ProductoSchema) });
export const CategoriasAnswerSchema = answer({ categorias: z.array(CategoriaProductoSchema) });
export const PlanesTiendaAnswerSchema = answer({ suscripciones: z.array(PlanTiendaSchema) });
/** The means offered now: the card only when its gateway is on; `paypal` whether PayPal is. */
export const MediosPagoAnswerSchema = answer({
  mediosPago: z.array(DescripcionSchema),
  paypal: z.boolean(),
  tiposEnvio: z.array(DescripcionSchema),
});
export const ConfigPagosAnswerSchema = ConfigPagosSchema.extend({ status: z.literal(1) });
export const TiposSuscripcionAnswerSchema = answer({ tiposSuscripcion: z.array(DescripcionSchema) });
export const EstadosCompraAnswerSchema = answer({ estados: z.array(DescripcionSchema) });
export const ComprasAnswerSchema = answer({ compras: z.array(CompraSchema) });
export const CompraAnswerSchema = answer({ compra: CompraSchema });
export const ConfigTiendaAnswerSchema = answer({ config: ConfigTiendaSchema });
/** The cart; `avisos` says which lines the merge capped by stock (empty otherwise). */
export const CarritoAnswerSchema = answer({
  carrito: z.array(LineaCarritoSchema),
  avisos: z.array(z.string()),
});
export const CompraPagadaAnswerSchema = answer({ compra: CompraSchema, resultadoPago: ResultadoPagoSchema });
/** A provider notification taken: applied now, a duplicate of one applied, or not about a payment. */
export const WebhookAnswerSchema = answer({ resultado: z.enum(['applied', 'duplicate', 'ignored']) });
export const SandboxCardTokenAnswerSchema = answer({ id: z.string() });
export const SandboxPaymentMethodsAnswerSchema = answer({
  results: z.array(z.record(z.string(), z.unknown())),
});
export const SandboxPaypalAnswerSchema = answer({ subscriptionID: z.string() });
