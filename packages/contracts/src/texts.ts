/**
 * Texts and codes beside the message catalogue (messages.ts): e-mails, counted nouns and
 * placeholders. Kept apart so that a screen which needs one of these, and whose catalogue texts
 * the web build writes as literals (apps/web/build/inline-messages.ts), downloads no catalogue.
 */

/** E-mails the server sends (subject, text lines); the server fills in code, link and name. */
export const correos = {
  saludo: (nombre: string) => `Hola ${nombre}:`,
  firma: 'El equipo de Nexo',
  ignorar: 'Si usted no lo solicitó, ignore este mensaje.',
  codigoRegistroAsunto: 'Nexo: su código de verificación',
  codigoRegistroTexto: 'Para confirmar su dirección de correo, ingrese el siguiente código:',
  codigoRecuperacionAsunto: 'Nexo: recuperación de contraseña',
  codigoRecuperacionTexto: 'Para elegir una nueva contraseña, ingrese el siguiente código:',
  reseteoAdminTexto:
    'El equipo de Nexo inició el cambio de su contraseña. Abra este enlace e ingrese el código para elegir una nueva:',
  reseteoAdminBoton: 'Elegir una nueva contraseña',
  codigoVence: (minutos: number) => `El código vence en ${minutos} minutos.`,
  activacionAsunto: 'Nexo: active su cuenta',
  activacionTexto: 'Se creó una cuenta de Nexo con esta dirección. Para activarla, abra el siguiente link:',
  activacionVence: (horas: number) => `El link vence en ${horas} horas.`,
  activacionBoton: 'Activar cuenta',
  notificacionAsunto: (titulo: string) => `Nexo: ${titulo}`,
  notificacionTexto: 'Tiene una nueva notificación en Nexo:',
  notificacionVer: 'Puede verla en Nexo:',
  notificacionBoton: 'Ver en Nexo',
} as const;

/** Counted nouns in Spanish: 'singular' for exactly 1, 'plural' otherwise ("1 equipo", "0 equipos", "3 sensores"). */
export const sustantivos = {
  equipo: ['equipo', 'equipos'],
  sensor: ['sensor', 'sensores'],
  carpeta: ['carpeta', 'carpetas'],
  usuario: ['usuario', 'usuarios'],
} as const satisfies Record<string, readonly [string, string]>;

export function cantidad(n: number, sustantivo: keyof typeof sustantivos): string {
  const [singular, plural] = sustantivos[sustantivo];
  return `${n} ${n === 1 ? singular : plural}`;
}

/** Fills a catalogue text's `{name}` placeholders: completar(mensajes.stockSuperado, { n: 3 }). */
export function completar(texto: string, valores: Record<string, string | number>): string {
  return texto.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in valores ? String(valores[name]) : match,
  );
}
