import { z } from 'zod';
import { tiposDato, tiposWidget, widgetsSinReferencia } from './catalogues.js';
import { IdSchema, requiredIssue, sinControl, texto } from './common.js';
import { limites } from './limits.js';
import { mensajes } from './messages.js';

/**
 * Devices (equipos), folders (carpetas), sensors, shadows (widget definitions) and layouts
 * (spec 1 §3, §5, §7). The same input schemas validate the web forms and the server bodies.
 */

/** Error codes the web reacts to (e.g. the 'No permitido' licence dialog). */
export const codigosEquipo = {
  limiteEquipos: 'LIMITE_EQUIPOS',
  sinSuscripcion: 'SIN_SUSCRIPCION',
  licenciaSinSensores: 'LICENCIA_SIN_SENSORES',
  mapaSoloPago: 'MAPA_SOLO_PAGO',
  codigoReclamoInvalido: 'CODIGO_INVALIDO',
  codigoReclamoUsado: 'CODIGO_USADO',
} as const;

/**
 * Claim codes of inventory devices (issue 28): 12 characters of this alphabet (no 0/O, 1/I/L, U),
 * printed as XXXX-XXXX-XXXX; about 58 bits, single use. Typed codes are read without case, spaces
 * or dashes; a link `…/home/equipoNuevo?codigo=…` (the label's QR) carries one too.
 */
export const CLAIM_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
export const CLAIM_LENGTH = 12;

/** The normalized code in a typed text or a label link, or null when it cannot be one. */
export function codigoReclamoDeTexto(text: string): string | null {
  const fromLink = /[?&]codigo=([^&#\s]+)/i.exec(text);
  const raw = decodeURIComponent(fromLink?.[1] ?? text)
    .toUpperCase()
    .replace(/[\s-]/g, '');
  if (raw.length !== CLAIM_LENGTH) return null;
  for (const c of raw) if (!CLAIM_ALPHABET.includes(c)) return null;
  return raw;
}

/** XXXX-XXXX-XXXX, as printed on labels. */
export const formatoCodigoReclamo = (codigo: string) => codigo.replace(/(.{4})(?=.)/g, '$1-');

// ---------------------------------------------------------------- answers (read models)

export const CatalogoItemSchema = z.object({ id: z.number(), descripcion: z.string() });
export type CatalogoItem = z.infer<typeof CatalogoItemSchema>;

export const ShadowSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  tipoWidget: z.object({ id: z.number() }),
  valorMinReferencia: z.number().nullable(),
  valorMaxReferencia: z.number().nullable(),
  cantidadHoras: z.number(),
});
export type Shadow = z.infer<typeof ShadowSchema>;

export const SensorSchema = z.object({
  id: z.number(),
  idEquipo: z.number(),
  nombre: z.string(),
  labelUsuario: z.string(),
  calibracion: z.number(),
  /** The topic: values arrive on `{apikey}/{nombreNexo}`. */
  nombreNexo: z.string(),
  tipoSensor: CatalogoItemSchema,
  tipoDato: z.object({ id: z.number() }),
  variableJson: z.string().nullable(),
  variableLongitud: z.string().nullable(),
  valorEncendido: z.string().nullable(),
  valorApagado: z.string().nullable(),
  ultimoValor: z.string().nullable(),
  fechaUV: z.number().nullable(),
  conectado: z.boolean(),
  shadows: z.array(ShadowSchema),
});
export type Sensor = z.infer<typeof SensorSchema>;

/** One grid item; `i` is the shadow id as text. */
export const LayoutItemSchema = z.object({
  i: z.string().min(1).max(40),
  x: z.number().int().min(0).max(1000),
  y: z.number().int().min(0).max(100000),
  w: z.number().int().min(1).max(12),
  h: z.number().int().min(1).max(100),
  minW: z.number().int().min(0).max(12).optional(),
  maxW: z.number().int().min(0).max(12).optional(),
  minH: z.number().int().min(0).max(100).optional(),
  maxH: z.number().int().min(0).max(100).optional(),
  moved: z.boolean().optional(),
  static: z.boolean().optional(),
  forzar: z.boolean().optional(),
});
export type LayoutItem = z.infer<typeof LayoutItemSchema>;

const layoutList = z.array(LayoutItemSchema).max(500).default([]);
export const LayoutsSchema = z.object({ lg: layoutList, md: layoutList, sm: layoutList, xs: layoutList });
/**
 * One list per breakpoint: lg, md and xs of spec 1 §9, plus sm (two cards a row, issue 25). A
 * layout saved before sm existed reads with an empty sm, which the grid fills with its defaults.
 */
export type Layouts = z.infer<typeof LayoutsSchema>;

export const EquipoSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  apikey: z.string(),
  /** Only present for the owner level (role 4): it is the MQTT / HTTP password. */
  secret: z.string().optional(),
  conectado: z.boolean(),
  /** The caller's role on the device: 1 usuario, 2 administrador, 3 desarrollador, 4 propietario. */
  idRol: z.number(),
  tipoEquipo: CatalogoItemSchema.nullable(),
  /** The caller's folder holding the device (null = not filed yet, shown at the root). */
  carpeta: z.object({ id: z.number() }).nullable(),
  sensores: z.array(SensorSchema),
  /** The caller's saved grid layout for this device, null until first saved. */
  layouts: LayoutsSchema.nullable(),
});
export type Equipo = z.infer<typeof EquipoSchema>;

/** What an anonymous or not-yet-associated visitor may learn about a shared device. */
export const EquipoCompartidoSchema = z.object({ id: z.number(), nombre: z.string() });
export type EquipoCompartido = z.infer<typeof EquipoCompartidoSchema>;

export interface Carpeta {
  id: number;
  nombre: string;
  esRoot: boolean;
  idPadre: number | null;
  carpetasHijas: Carpeta[];
  equipos: Equipo[];
}
export const CarpetaSchema: z.ZodType<Carpeta> = z.object({
  id: z.number(),
  nombre: z.string(),
  esRoot: z.boolean(),
  idPadre: z.number().nullable(),
  get carpetasHijas() {
    return z.array(CarpetaSchema);
  },
  equipos: z.array(EquipoSchema),
});

/** A folder without contents (lists for the move dialog). */
export const CarpetaPlanaSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  esRoot: z.boolean(),
  idPadre: z.number().nullable(),
});
export type CarpetaPlana = z.infer<typeof CarpetaPlanaSchema>;

// ---------------------------------------------------------------- field rules

/** A required name, trimmed first so blanks alone never pass (spec 1 §5 lengths and messages). */
function nombre(min: number, max: number, maxMensaje: string) {
  return sinControl(
    z
      .string({ error: requiredIssue })
      .trim()
      .min(1, { error: mensajes.requerido })
      .min(min, { error: mensajes.muyCorto })
      .max(max, { error: maxMensaje }),
  );
}

const nombreEquipoSchema = nombre(limites.nombreEquipoMin, limites.nombreEquipoMax, mensajes.max100Nombre);
const labelSchema = nombre(limites.labelMin, limites.labelMax, mensajes.max100);

/** A topic or JSON variable name: no spaces or MQTT special characters (spec 1 §5). */
const sinCaracteresMqtt = /^[^\s+$#/]+$/;
const topicSchema = texto({
  min: limites.topicMin,
  max: limites.topicMax,
  maxMensaje: mensajes.max100,
}).regex(sinCaracteresMqtt, { error: mensajes.topicCaracteresInvalidos });

/** Accepts a number or a numeric text (form inputs); empty is "not given". */
function numeroOpcional(mensaje: string) {
  return z.preprocess((v) => {
    if (v === '' || v === undefined || v === null) return null;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
    return v;
  }, z.number({ error: mensaje }).finite({ error: mensaje }).nullable());
}

const refOpcional = z.object({ id: IdSchema }).nullable().optional();

// ---------------------------------------------------------------- device inputs

/** POST /api/equipo/grabar: create (no id) or edit. `carpeta` is the folder the caller is in (null = root). */
export const EquipoSaveInputSchema = z.object({
  id: IdSchema.optional().nullable(),
  nombre: nombreEquipoSchema,
  tipoEquipo: refOpcional,
  carpeta: refOpcional,
  carpetaRoot: refOpcional,
});
export type EquipoSaveInput = z.input<typeof EquipoSaveInputSchema>;
export type EquipoSaveData = z.output<typeof EquipoSaveInputSchema>;

/** POST /api/equipo/actualizarEquipoUs: rename / retype a device (admin, developer or owner). */
export const EquipoUpdateInputSchema = z.object({
  id: IdSchema,
  nombre: nombreEquipoSchema,
  tipoEquipo: refOpcional,
});
export type EquipoUpdateInput = z.input<typeof EquipoUpdateInputSchema>;
export type EquipoUpdateData = z.output<typeof EquipoUpdateInputSchema>;

export const AsociarEquipoInputSchema = z.object({ idEquipo: IdSchema });

/** POST /api/equipo/reclamar: the code of an inventory device's label (typed or scanned). */
export const ReclamarEquipoInputSchema = z.strictObject({
  codigo: texto({ max: 200 }),
});
export type ReclamarEquipoInput = z.input<typeof ReclamarEquipoInputSchema>;
export type AsociarEquipoInput = z.input<typeof AsociarEquipoInputSchema>;
export type AsociarEquipoData = z.output<typeof AsociarEquipoInputSchema>;

/** POST /api/equipos/asignarEquipo (spec 2 §5 "Share device"): username or e-mail of the target. */
export const AsignarEquipoInputSchema = z.object({
  equipoId: IdSchema,
  username: sinControl(
    z
      .string({ error: requiredIssue })
      .trim()
      .min(1, { error: mensajes.requerido })
      .min(2, { error: mensajes.muyCorto })
      .max(1000, { error: mensajes.muyLargo }),
  ),
  /** Role to give: 1 usuario (default), 2 administrador, 3 desarrollador. */
  idRol: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: mensajes.campoInvalido }).optional(),
});
export type AsignarEquipoInput = z.input<typeof AsignarEquipoInputSchema>;
export type AsignarEquipoData = z.output<typeof AsignarEquipoInputSchema>;

export const BuscarEquiposInputSchema = z.object({
  nombre: sinControl(
    z.string({ error: mensajes.campoInvalido }).max(limites.nombreEquipoMax, { error: mensajes.max100 }),
  ),
});
export type BuscarEquiposInput = z.input<typeof BuscarEquiposInputSchema>;
export type BuscarEquiposData = z.output<typeof BuscarEquiposInputSchema>;

/** POST /api/guardarLayout: the caller's layout of a device (esEquipo true) or a view. forzar is cleared. */
export const GuardarLayoutInputSchema = z.object({
  id: IdSchema,
  esEquipo: z.boolean({ error: mensajes.campoInvalido }),
  layouts: LayoutsSchema,
});
export type GuardarLayoutInput = z.input<typeof GuardarLayoutInputSchema>;
export type GuardarLayoutData = z.output<typeof GuardarLayoutInputSchema>;

// ---------------------------------------------------------------- folder inputs

/** POST /api/usuario/grabarCarpeta: create (no id, inside `carpeta` or the root) or rename. */
export const CarpetaSaveInputSchema = z.object({
  id: IdSchema.optional().nullable(),
  nombre: nombreEquipoSchema,
  carpeta: refOpcional,
  carpetaRoot: refOpcional,
});
export type CarpetaSaveInput = z.input<typeof CarpetaSaveInputSchema>;
export type CarpetaSaveData = z.output<typeof CarpetaSaveInputSchema>;

export const MoverDeCarpetaInputSchema = z.object({
  idEquipo: IdSchema,
  idCarpeta: IdSchema,
});
export type MoverDeCarpetaInput = z.input<typeof MoverDeCarpetaInputSchema>;
export type MoverDeCarpetaData = z.output<typeof MoverDeCarpetaInputSchema>;

// ---------------------------------------------------------------- sensor inputs

export const ShadowInputSchema = z.object({
  id: IdSchema.optional().nullable(),
  nombre: labelSchema,
  tipoWidget: z.object(
    {
      id: z.coerce
        .number({ error: requiredIssue })
        .int({ error: mensajes.campoInvalido })
        .min(tiposWidget.toggle, { error: mensajes.campoInvalido })
        .max(tiposWidget.grafico, { error: mensajes.campoInvalido }),
    },
    { error: requiredIssue },
  ),
  valorMinReferencia: numeroOpcional(mensajes.soloNumeros).optional(),
  valorMaxReferencia: numeroOpcional(mensajes.soloNumeros).optional(),
  cantidadHoras: z.coerce
    .number({ error: mensajes.horasInvalidas })
    .int({ error: mensajes.horasInvalidas })
    .min(limites.historialHorasMin, { error: mensajes.horasInvalidas })
    .max(limites.historialHorasMax, { error: mensajes.horasInvalidas })
    .default(24),
});
export type ShadowInput = z.input<typeof ShadowInputSchema>;

/** Optional texts are bounded even when no widget needs them, so nothing oversized is stored. */
const textoOpcional = (max: number, maxMensaje: string) =>
  sinControl(z.string({ error: mensajes.campoInvalido }).max(max, { error: maxMensaje }))
    .nullable()
    .optional();

/**
 * POST /api/equipo/agregarSensorDesarrollador: create (no id) or edit a sensor with its 1–2 widgets.
 * The cross-field rules of spec 1 §5 are in the superRefine so the form shows them per field.
 */
export const SensorSaveInputSchema = z
  .object({
    id: IdSchema.optional().nullable(),
    idEquipo: IdSchema,
    labelUsuario: labelSchema,
    calibracion: numeroOpcional(mensajes.soloNumerosEnteros).refine((v) => v !== null, {
      error: mensajes.soloNumerosEnteros,
    }),
    nombreNexo: topicSchema,
    tipoSensor: z.object({ id: IdSchema }, { error: requiredIssue }),
    tipoDato: z.object(
      {
        id: z.coerce
          .number({ error: requiredIssue })
          .int({ error: mensajes.campoInvalido })
          .min(tiposDato.plano, { error: mensajes.campoInvalido })
          .max(tiposDato.json, { error: mensajes.campoInvalido }),
      },
      { error: requiredIssue },
    ),
    variableJson: textoOpcional(limites.variableMax, mensajes.max100),
    variableLongitud: textoOpcional(limites.variableMax, mensajes.max100),
    valorEncendido: textoOpcional(limites.valorOnOffMax, mensajes.max50Nombre),
    valorApagado: textoOpcional(limites.valorOnOffMax, mensajes.max50Nombre),
    shadows: z
      .array(ShadowInputSchema, { error: mensajes.min1Widget })
      .min(1, { error: mensajes.min1Widget })
      .max(limites.widgetsPorSensor, { error: mensajes.max2Widgets }),
  })
  .superRefine((v, ctx) => {
    const widgetIds = v.shadows.map((s) => s.tipoWidget.id);
    const hayMapa = widgetIds.includes(tiposWidget.mapa);
    const hayToggle = widgetIds.includes(tiposWidget.toggle);

    const variable = (campo: 'variableJson' | 'variableLongitud') => {
      const parsed = topicSchema.safeParse(v[campo] ?? '');
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          path: [campo],
          message: parsed.error.issues[0]?.message ?? mensajes.requerido,
        });
      }
    };
    if (hayMapa && v.tipoDato.id !== tiposDato.json) {
      ctx.addIssue({ code: 'custom', path: ['tipoDato'], message: mensajes.mapaRequiereJson });
    }
    if (v.tipoDato.id === tiposDato.json || hayMapa) variable('variableJson');
    if (hayMapa) variable('variableLongitud');

    if (hayToggle) {
      for (const campo of ['valorEncendido', 'valorApagado'] as const) {
        const valor = v[campo];
        if (valor === null || valor === undefined || valor === '') {
          ctx.addIssue({ code: 'custom', path: [campo], message: mensajes.requerido });
        } else if (valor.length > limites.valorOnOffMax) {
          ctx.addIssue({ code: 'custom', path: [campo], message: mensajes.max50Nombre });
        }
      }
    }

    v.shadows.forEach((s, index) => {
      if (widgetsSinReferencia.has(s.tipoWidget.id)) return;
      const min = s.valorMinReferencia;
      const max = s.valorMaxReferencia;
      if (min === null || min === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['shadows', index, 'valorMinReferencia'],
          message: mensajes.requerido,
        });
      }
      if (max === null || max === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['shadows', index, 'valorMaxReferencia'],
          message: mensajes.requerido,
        });
      }
      if (typeof min === 'number' && typeof max === 'number' && min >= max) {
        ctx.addIssue({
          code: 'custom',
          path: ['shadows', index, 'valorMaxReferencia'],
          message: mensajes.maxMayorQueMin,
        });
      }
    });
  });
export type SensorSaveInput = z.input<typeof SensorSaveInputSchema>;
export type SensorSaveData = z.output<typeof SensorSaveInputSchema>;

/** POST /api/sensor/actualizarLabel: the sensor's label and, optionally, one widget's name. */
export const ActualizarLabelInputSchema = z.object({
  id: IdSchema,
  labelUsuario: labelSchema,
  idShadow: IdSchema.optional().nullable(),
  labelShadow: labelSchema.optional().nullable(),
});
export type ActualizarLabelInput = z.input<typeof ActualizarLabelInputSchema>;
export type ActualizarLabelData = z.output<typeof ActualizarLabelInputSchema>;

/** Defaults for a new widget (spec 1 §9). */
export const shadowPorDefecto = {
  valorMinReferencia: 0,
  valorMaxReferencia: 50,
  cantidadHoras: 24,
} as const;

// ---------------------------------------------------------------- answers of the routes

const answer = <T extends z.ZodRawShape>(shape: T) => z.object({ status: z.literal(1), ...shape });

export const TiposSensorAnswerSchema = answer({ tiposSensor: z.array(CatalogoItemSchema) });
export const TiposEquipoAnswerSchema = answer({ tiposEquipo: z.array(CatalogoItemSchema) });
export const GeneralSensorAnswerSchema = answer({
  tiposSensor: z.array(CatalogoItemSchema),
  tiposWidget: z.array(CatalogoItemSchema),
  tiposDato: z.array(CatalogoItemSchema),
});
export const EquiposAnswerSchema = answer({ equipos: z.array(EquipoSchema) });
export const EquipoAnswerSchema = answer({ equipo: EquipoSchema });
export const EquipoCompartidoAnswerSchema = answer({ equipo: EquipoCompartidoSchema });
/** reclamar: the device that became the caller's. */
export const EquipoReclamadoAnswerSchema = answer({ equipo: EquipoCompartidoSchema });
/** eliminar / desasociar: `eliminado` is true when the owner's unlink deleted the device. */
export const EquipoEliminadoAnswerSchema = answer({ eliminado: z.boolean() });
export const LayoutsAnswerSchema = answer({ layouts: LayoutsSchema });
export const CarpetasAnswerSchema = answer({ carpeta: CarpetaSchema, carpetas: z.array(CarpetaPlanaSchema) });
export const CarpetaAnswerSchema = answer({ carpeta: CarpetaSchema });
export const SensorAnswerSchema = answer({ sensor: SensorSchema });
