import { z } from 'zod';
import { requiredIssue, sinControl, texto } from './common.js';
import { LicenciaSchema } from './licensing.js';
import { limites } from './limits.js';
import { erroresLogin } from './login-rules.js';
import { mensajes } from './messages.js';

// ---- field rules (spec 2 §5 "User form", "Password change", "Login") ----

export const passwordSchema = z
  .string({ error: requiredIssue })
  .min(1, { error: mensajes.requerido })
  .min(limites.passwordMin, { error: mensajes.passwordMin8 })
  .max(limites.passwordMax, { error: mensajes.demasiadoLargo })
  .regex(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]+$/, { error: mensajes.passwordLetrasYNumeros });

export const mailSchema = sinControl(
  z
    .string({ error: requiredIssue })
    .trim()
    .min(1, { error: mensajes.requerido })
    .min(2, { error: mensajes.muyCorto })
    .max(limites.usuarioMailMax, { error: mensajes.max100 }),
)
  .pipe(z.email({ error: mensajes.mailIncorrecto }))
  .meta({ format: 'email' });

export const usernameSchema = sinControl(
  z
    .string({ error: requiredIssue })
    .trim()
    .min(1, { error: mensajes.requerido })
    .min(2, { error: mensajes.muyCorto })
    .max(limites.usuarioUsernameMax, { error: mensajes.muyLargo }),
);

export const nombrePersonaSchema = texto({
  min: 2,
  max: limites.usuarioNombreMax,
  maxMensaje: mensajes.max100,
});

/** Optional phone: digits only, 3 to 14 (spec 2 §5). Empty means "not given". */
export const telefonoSchema = z
  .string({ error: mensajes.telefonoInvalido })
  .trim()
  .refine((v) => v === '' || /^\d{3,14}$/.test(v), { error: mensajes.telefonoInvalido })
  .optional()
  .nullable();

/** The six-digit mailed code, as a number or a numeric string. Empty or missing is 'Requerido'. */
export const codigoVerificacionSchema = z
  .union([z.number(), z.string().trim().min(1)], {
    error: (iss) =>
      iss.input === undefined || iss.input === null || iss.input === ''
        ? mensajes.requerido
        : mensajes.codigoSoloNumeros,
  })
  .pipe(
    z.coerce
      .number<string | number>({ error: mensajes.codigoSoloNumeros })
      .int({ error: mensajes.codigoSoloNumeros })
      .min(limites.codigoMin, { error: mensajes.codigoMin6 })
      .max(999999, { error: mensajes.codigoSoloNumeros }),
  );

const confirmaPassword = <T extends { password: string; confpassword: string }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.password !== v.confpassword) {
    ctx.addIssue({ code: 'custom', path: ['confpassword'], message: mensajes.contrasenasNoCoinciden });
  }
};

// ---- registration ----

export const EnviarCodigoInputSchema = z.object({ mail: mailSchema });
export type EnviarCodigoInput = z.infer<typeof EnviarCodigoInputSchema>;
export const HashResponseSchema = z.object({ status: z.literal(1), hash: z.string(), mensaje: z.string() });

export const ChequearMailInputSchema = z.object({
  mail: z.string({ error: requiredIssue }).trim().min(1, { error: mensajes.requerido }),
});
export const ChequearUsuarioInputSchema = z
  .object({
    /** The spec names the field `mail` for both checks (it carries the username); `username` is accepted too. */
    mail: z.string({ error: mensajes.campoInvalido }).trim().optional(),
    username: z.string({ error: mensajes.campoInvalido }).trim().optional(),
  })
  .refine((v) => Boolean(v.username || v.mail), { path: ['mail'], error: mensajes.requerido });

/** The platform's default time zone (spec 2 §1): scheduled events and programs run in the user's zone. */
export const zonaHorariaPorDefecto = 'America/Argentina/Buenos_Aires';

/** True for an IANA time zone name the runtime knows. */
export function esZonaHorariaValida(zona: string): boolean {
  if (!zona || zona.length > 64) return false;
  try {
    new Intl.DateTimeFormat('es', { timeZone: zona });
    return true;
  } catch {
    return false;
  }
}

export const zonaHorariaSchema = z
  .string({ error: mensajes.zonaHorariaInvalida })
  .trim()
  .refine(esZonaHorariaValida, { error: mensajes.zonaHorariaInvalida });

const UsuarioFormBase = z.object({
  nombre: nombrePersonaSchema,
  mail: mailSchema,
  telefono: telefonoSchema,
  username: usernameSchema,
  codigoPais: z.coerce.number().int().positive({ error: mensajes.codigoPaisInvalido }).optional().nullable(),
});

export const RegistrarInputSchema = UsuarioFormBase.extend({
  password: passwordSchema,
  confpassword: z.string({ error: requiredIssue }).min(1, { error: mensajes.requerido }),
  hash: z.string({ error: requiredIssue }).min(1, { error: mensajes.requerido }),
  codigoIngresado: codigoVerificacionSchema,
  idSuscripcion: z.coerce.number().int().positive().optional().nullable(),
  esGratis: z.boolean().optional().nullable(),
}).superRefine(confirmaPassword);
export type RegistrarInput = z.infer<typeof RegistrarInputSchema>;

/** The form schema used by the web (the code is entered later, in the modal). */
export const RegistroFormSchema = UsuarioFormBase.extend({
  password: passwordSchema,
  confpassword: z.string({ error: requiredIssue }).min(1, { error: mensajes.requerido }),
}).superRefine(confirmaPassword);
export type RegistroForm = z.infer<typeof RegistroFormSchema>;

export const ActualizarUsuarioInputSchema = UsuarioFormBase.extend({
  /** Optional: absent keeps the current zone. */
  zonaHoraria: zonaHorariaSchema.optional().nullable(),
  /** Needed only when the e-mail changes: the hash from enviarCodigoRegistracion and the code mailed. */
  hash: z.string().optional().nullable(),
  codigoIngresado: codigoVerificacionSchema.optional().nullable(),
});
export type ActualizarUsuarioInput = z.infer<typeof ActualizarUsuarioInputSchema>;

export const ActivarCuentaInputSchema = z.object({
  codigoMail: z.string({ error: requiredIssue }).trim().min(1, { error: mensajes.requerido }),
});
export const ReenviarActivacionInputSchema = z.object({
  codigo: z.string({ error: requiredIssue }).trim().min(1, { error: mensajes.requerido }),
});

// ---- login ----

/**
 * Login with username + password + captcha (ALTCHA payload), or with a Google ID token (`gTokenId`).
 * One object (not a union) so each missing field gets its own message from spec 2 §5.
 */
export const LoginInputSchema = z
  .object({
    username: z.string().optional(),
    password: z.string().optional(),
    captcha: z.string().optional(),
    gTokenId: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.gTokenId) return;
    for (const e of erroresLogin(v)) ctx.addIssue({ code: 'custom', path: [e.campo], message: e.mensaje });
  })
  // The document states the rule above: username, password and captcha, or a Google ID token.
  .meta({
    anyOf: [
      {
        required: ['username', 'password', 'captcha'],
        properties: { username: { minLength: 1 }, password: { minLength: 1 }, captcha: { minLength: 1 } },
      },
      { required: ['gTokenId'], properties: { gTokenId: { minLength: 1 } } },
    ],
  });
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const LoginFormSchema = z
  .object({
    username: z.string({ error: mensajes.usuarioInvalido }).trim(),
    password: z.string({ error: mensajes.contrasenaInvalida }),
    captcha: z.string({ error: mensajes.debeCompletarCaptcha }),
  })
  .superRefine((v, ctx) => {
    for (const e of erroresLogin(v)) ctx.addIssue({ code: 'custom', path: [e.campo], message: e.mensaje });
  });
export type LoginForm = z.infer<typeof LoginFormSchema>;

/** OAuth2-style token endpoint: grant_type password (same rules as login) or refresh_token. */
export const AccessTokenInputSchema = z
  .object({
    grant_type: z.enum(['password', 'refresh_token'], { error: mensajes.grantTypeInvalido }),
    username: z.string().optional(),
    password: z.string().optional(),
    captcha: z.string().optional(),
    /** Absent from the web app, whose refresh token travels in its cookie (`sesionWeb`). */
    refresh_token: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    const errores = v.grant_type === 'password' ? erroresLogin(v) : [];
    for (const e of errores) ctx.addIssue({ code: 'custom', path: [e.campo], message: e.mensaje });
  })
  .meta({
    oneOf: [
      {
        properties: {
          grant_type: { const: 'password' },
          username: { minLength: 1 },
          password: { minLength: 1 },
          captcha: { minLength: 1 },
        },
        required: ['username', 'password', 'captcha'],
      },
      {
        // The web app sends none: its refresh token is the HttpOnly cookie (`sesionWeb`).
        properties: { grant_type: { const: 'refresh_token' }, refresh_token: { minLength: 1 } },
      },
    ],
  });
export type AccessTokenInput = z.infer<typeof AccessTokenInputSchema>;

export const LogoutInputSchema = z.object({
  refresh_token: z.string({ error: mensajes.campoInvalido }).optional(),
});

// ---- password ----

export const RecuperarPasswordInputSchema = z.object({
  /** Username or e-mail of the account. */
  mail: z
    .string({ error: mensajes.debeIngresarUsuarioValido })
    .trim()
    .min(1, { error: mensajes.debeIngresarUsuarioValido })
    .max(limites.usuarioMailMax, { error: mensajes.max100 }),
  /** The solved ALTCHA payload, as in login. */
  captcha: z
    .string({ error: mensajes.debeCompletarCaptcha })
    .min(1, { error: mensajes.debeCompletarCaptcha }),
});
export type RecuperarPasswordInput = z.infer<typeof RecuperarPasswordInputSchema>;

export const CambiarPasswordInputSchema = z
  .object({
    password: passwordSchema,
    confpassword: z.string({ error: requiredIssue }).min(1, { error: mensajes.requerido }),
    esRecuperacion: z.boolean().optional().default(false),
    codigo: codigoVerificacionSchema.optional().nullable(),
    hash: z.string().optional().nullable(),
    /** The logged-in variant (/api/usuario/cambiarPassword) requires the current password. */
    passwordActual: z
      .string({ error: mensajes.campoInvalido })
      .max(limites.passwordMax)
      .optional()
      .nullable(),
  })
  .superRefine(confirmaPassword)
  .superRefine((v, ctx) => {
    if (v.esRecuperacion) {
      if (v.codigo === undefined || v.codigo === null)
        ctx.addIssue({ code: 'custom', path: ['codigo'], message: mensajes.requerido });
      if (!v.hash) ctx.addIssue({ code: 'custom', path: ['hash'], message: mensajes.requerido });
    }
  });
export type CambiarPasswordInput = z.infer<typeof CambiarPasswordInputSchema>;

/** The logged-in change form (web): the current password, then the new one twice. */
export const CambiarPasswordFormSchema = z
  .object({
    passwordActual: z.string({ error: requiredIssue }).min(1, { error: mensajes.requerido }),
    password: passwordSchema,
    confpassword: z.string({ error: requiredIssue }).min(1, { error: mensajes.requerido }),
  })
  .superRefine(confirmaPassword);
export type CambiarPasswordForm = z.infer<typeof CambiarPasswordFormSchema>;

/**
 * The logged-in change answer: every other session has ended, and the caller's session goes on
 * with this new refresh token (its current access token stays valid until it expires).
 */

// ---- session user ----

export const EmpresaSchema = z.object({ id: z.number(), nombre: z.string(), logoUrl: z.string().nullable() });
export const CodigoPaisSchema = z.object({ id: z.number(), codigoPais: z.string(), descripcion: z.string() });
export type CodigoPais = z.infer<typeof CodigoPaisSchema>;

export const UsuarioSesionSchema = z.object({
  id: z.number(),
  username: z.string(),
  nombre: z.string(),
  mail: z.string(),
  telefono: z.string().nullable(),
  codigoPais: CodigoPaisSchema.nullable(),
  roles: z.array(z.string()),
  empresa: EmpresaSchema.nullable(),
  tieneUsuarioPadre: z.boolean(),
  esUsuarioExterno: z.boolean(),
  telegramChatId: z.string().nullable(),
  /** IANA time zone of scheduled events and programs (default America/Argentina/Buenos_Aires). */
  zonaHoraria: z.string(),
  token: LicenciaSchema.nullable(),
});
export type UsuarioSesion = z.infer<typeof UsuarioSesionSchema>;

export const TokenResponseSchema = z.object({
  status: z.literal(1),
  access_token: z.string(),
  /** Absent when the refresh token went into the web session's cookie. */
  refresh_token: z.string().optional(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  usuario: UsuarioSesionSchema,
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const CaptchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

// ---- answers ----

export const MensajeResponseSchema = z.object({ status: z.literal(1), mensaje: z.string() });
export const RegistrarResponseSchema = TokenResponseSchema.extend({ mensaje: z.string() });
/**
 * The logged-in password change ends every session of the user, the caller's access token too; the
 * caller goes on with the new session in this answer.
 */
export const CambiarPasswordResponseSchema = TokenResponseSchema.extend({ mensaje: z.string() });
export type CambiarPasswordResponse = z.infer<typeof CambiarPasswordResponseSchema>;
export const UsuarioResponseSchema = z.object({ status: z.literal(1), usuario: UsuarioSesionSchema });
export const ActualizarUsuarioResponseSchema = z.object({
  status: z.literal(1),
  mensaje: z.string(),
  usuario: UsuarioSesionSchema,
});
export const RolesResponseSchema = z.object({ status: z.literal(1), roles: z.array(z.string()) });

/** A limit of the licence and how much of it is used. */
const UsoSchema = z.object({ usados: z.number(), limite: z.number() });

/**
 * GET /sv/perfil/traerInfoGral (spec 2 §7): the user's general profile and licence summary. The
 * plans page reads it to mark the current plan and offer only the trials still available.
 */
export const InfoGralResponseSchema = z.object({
  status: z.literal(1),
  usuario: UsuarioSesionSchema,
  /** The active licence (a sub-user's is the parent's), or null without one. */
  licencia: z
    .object({
      idPlan: z.number(),
      nombrePlan: z.string(),
      tipoSuscripcion: z.object({ id: z.number(), descripcion: z.string() }),
      esGratuito: z.boolean(),
      fechaDesde: z.number(),
      /** Epoch ms; null = no end. */
      fechaHasta: z.number().nullable(),
      /** Whole days until fechaHasta (0 on its last day); null without an end. */
      diasRestantes: z.number().nullable(),
      cancelacionSolicitada: z.boolean(),
      equipos: UsoSchema,
      sensores: UsoSchema,
      usuarios: UsoSchema,
    })
    .nullable(),
  /** Ids of the plans whose free trial the user may still take (none for a sub-user). */
  pruebasDisponibles: z.array(z.number()),
  /** Whether the user may buy a licence (not a sub-user: spec 2 §6). */
  puedeContratar: z.boolean(),
});
export type InfoGral = z.infer<typeof InfoGralResponseSchema>;
export const CodigosPaisResponseSchema = z.object({
  status: z.literal(1),
  codigosPais: z.array(CodigoPaisSchema),
});

/** Public settings the web needs before login (GET /sv/api/config). */
export const PublicConfigSchema = z.object({
  status: z.literal(1),
  googleClientId: z.string().nullable(),
  tileUrl: z.string(),
  /** The map tiles' credit line (MAP_TILE_ATTRIBUTION). */
  tileAttribution: z.string().optional(),
  publicUrl: z.string().nullable(),
  /** The MQTT broker devices connect to (null: the web's hostname on port 1883). */
  mqttUrl: z.string().nullable().optional(),
  /** The Telegram bot's username (without @) for the profile's how-to; null when not configured. */
  telegramBot: z.string().nullable().optional(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
