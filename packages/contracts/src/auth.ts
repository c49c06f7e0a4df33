import { z } from 'zod';
import { requiredIssue, texto } from './common.js';
import { LicenciaSchema } from './licensing.js';
import { limites } from './limits.js';
import { mensajes } from './messages.js';

// ---- field rules (spec 2 §5 "User form", "Password change", "Login") ----

export const passwordSchema = z
  .string({ error: requiredIssue })
  .min(1, { error: mensajes.requerido })
  .min(limites.passwordMin, { error: mensajes.passwordMin8 })
  .max(limites.passwordMax, { error: mensajes.demasiadoLargo })
  .regex(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]+$/, { error: mensajes.passwordLetrasYNumeros });

export const mailSchema = z
  .string({ error: requiredIssue })
  .trim()
  .min(1, { error: mensajes.requerido })
  .min(2, { error: mensajes.muyCorto })
  .max(limites.usuarioMailMax, { error: mensajes.max100 })
  .pipe(z.email({ error: mensajes.mailIncorrecto }));

export const usernameSchema = z
  .string({ error: requiredIssue })
  .trim()
  .min(1, { error: mensajes.requerido })
  .min(2, { error: mensajes.muyCorto })
  .max(limites.usuarioUsernameMax, { error: mensajes.muyLargo });

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

export const codigoVerificacionSchema = z.coerce
  .number({
    error: (iss) =>
      iss.input === undefined || iss.input === '' ? mensajes.requerido : mensajes.codigoSoloNumeros,
  })
  .int({ error: mensajes.codigoSoloNumeros })
  .min(limites.codigoMin, { error: mensajes.codigoMin6 })
  .max(999999, { error: mensajes.codigoSoloNumeros });

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

export const ChequearMailInputSchema = z.object({ mail: z.string({ error: requiredIssue }).trim().min(1) });
export const ChequearUsuarioInputSchema = z.object({
  /** The spec names the field `mail` for both checks; `username` is accepted too. */
  mail: z.string().trim().min(1).optional(),
  username: z.string().trim().min(1).optional(),
});

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
  /** Needed only when the e-mail changes: the hash from enviarCodigoRegistracion and the code mailed. */
  hash: z.string().optional().nullable(),
  codigoIngresado: codigoVerificacionSchema.optional().nullable(),
});
export type ActualizarUsuarioInput = z.infer<typeof ActualizarUsuarioInputSchema>;

export const ActivarCuentaInputSchema = z.object({ codigoMail: z.string({ error: requiredIssue }).min(1) });
export const ReenviarActivacionInputSchema = z.object({ codigo: z.string({ error: requiredIssue }).min(1) });

// ---- login ----

export const LoginInputSchema = z.union([
  z.object({
    username: z
      .string({ error: mensajes.usuarioInvalido })
      .trim()
      .min(1, { error: mensajes.usuarioInvalido }),
    password: z.string({ error: mensajes.contrasenaInvalida }).min(1, { error: mensajes.contrasenaInvalida }),
    captcha: z
      .string({ error: mensajes.debeCompletarCaptcha })
      .min(1, { error: mensajes.debeCompletarCaptcha }),
  }),
  z.object({ gTokenId: z.string().min(1) }),
]);
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const LoginFormSchema = z.object({
  username: z.string().trim().min(1, { error: mensajes.usuarioInvalido }),
  password: z.string().min(1, { error: mensajes.contrasenaInvalida }),
  captcha: z
    .string({ error: mensajes.debeCompletarCaptcha })
    .min(1, { error: mensajes.debeCompletarCaptcha }),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

export const AccessTokenInputSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    username: z.string().trim().min(1, { error: mensajes.usuarioInvalido }),
    password: z.string().min(1, { error: mensajes.contrasenaInvalida }),
    captcha: z
      .string({ error: mensajes.debeCompletarCaptcha })
      .min(1, { error: mensajes.debeCompletarCaptcha }),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string({ error: requiredIssue }).min(1, { error: mensajes.requerido }),
  }),
]);
export type AccessTokenInput = z.infer<typeof AccessTokenInputSchema>;

export const LogoutInputSchema = z.object({ refresh_token: z.string().min(1).optional() });

// ---- password ----

export const RecuperarPasswordInputSchema = z.object({
  /** Username or e-mail of the account. */
  mail: z
    .string({ error: mensajes.debeIngresarUsuarioValido })
    .trim()
    .min(1, { error: mensajes.debeIngresarUsuarioValido }),
});

export const CambiarPasswordInputSchema = z
  .object({
    password: passwordSchema,
    confpassword: z.string({ error: requiredIssue }).min(1, { error: mensajes.requerido }),
    esRecuperacion: z.boolean().optional().default(false),
    codigo: codigoVerificacionSchema.optional().nullable(),
    hash: z.string().optional().nullable(),
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
  token: LicenciaSchema.nullable(),
});
export type UsuarioSesion = z.infer<typeof UsuarioSesionSchema>;

export const TokenResponseSchema = z.object({
  status: z.literal(1),
  access_token: z.string(),
  refresh_token: z.string(),
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
