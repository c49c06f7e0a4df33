/**
 * The Spanish message catalogue. Every text a user can read from the server or the
 * web comes from here, so the form and the API always say the same thing.
 * Texts quoted by the spec are copied literally (including its spelling).
 */
export const mensajes = {
  // Generic validation
  requerido: 'Requerido',
  muyCorto: 'Muy corto',
  muyLargo: 'Muy largo',
  max100: 'No puede exceder los 100 caracteres',
  max100Nombre: 'No puede excedor los 100 carácteres',
  max50Nombre: 'No puede exceder los 50 caracteres',
  soloNumerosEnteros: 'Solo números enteros',
  soloNumeros: 'Solo números',
  campoInvalido: 'Valor inválido',
  cuerpoInvalido: 'La solicitud tiene datos inválidos. Revise los campos marcados.',
  cuerpoDemasiadoGrande: 'La solicitud es demasiado grande.',
  jsonInvalido: 'La solicitud no es un JSON válido.',

  // Error catalogue (spec 1 §8, spec 2 §8)
  sinConexionServidor:
    'No se ha podido establecer una conexión con el servidor, intente nuevamente en unos segundos.',
  errorGenerico: 'Ha ocurrido un error inesperado. Intente nuevamente en unos segundos.',
  noEncontrado: 'El recurso solicitado no existe.',
  rutaNoEncontrada: 'La ruta solicitada no existe.',
  sinPermiso: 'No tiene permiso para realizar esta acción.',
  sesionExpirada: 'Su sesión ha expirado. Ingrese nuevamente.',
  noAutenticado: 'Debe iniciar sesión para continuar.',
  demasiadosIntentos: 'Demasiados intentos. Espere unos minutos e intente nuevamente.',
  ejecutadoExitosamente: 'Ejecutado exitosamente!',
  valoresActualizados: 'Se han actualizado los valores correctamente',

  // Login (spec 2 §5)
  usuarioInvalido: 'Usuario Inválido',
  contrasenaInvalida: 'Contraseña Inválida',
  debeCompletarCaptcha: 'Debe completar el captcha',
  captchaInvalido: 'El captcha no es válido o ya fue utilizado. Complételo nuevamente.',
  debeIngresarUsuarioValido: 'Debe ingresar un usuario válido',
  usuarioYContrasenaIncorrectos: 'Usuario y contraseña incorrectos',
  cuentaNoActivada: 'Su cuenta aún no fue activada. Revise su correo y use el link de activación.',
  googleNoConfigurado: 'El ingreso con Google no está habilitado en este servidor.',
  googleTokenInvalido: 'No se pudo validar la cuenta de Google. Intente nuevamente.',
  refreshInvalido: 'La sesión no es válida. Ingrese nuevamente.',
  refreshReutilizado:
    'Se detectó el uso de una sesión ya renovada. Por seguridad se cerraron todas las sesiones de este dispositivo; ingrese nuevamente.',
  grantTypeInvalido: 'El tipo de autorización no es válido.',

  // User form (spec 2 §5)
  telefonoInvalido: 'Ingrese número válido (Ej:xxxxxxxxxx)',
  usuarioExistente: 'Usuario  existente',
  mailIncorrecto: 'Mail incorrecto',
  mailExistente: 'Mail existente',
  passwordMin8: 'El password debe contener al menos 8 caracteres',
  passwordLetrasYNumeros: 'Al menos 8 caracteres, una letra y un número!',
  demasiadoLargo: 'Demasiado largo',
  contrasenasNoCoinciden: 'Las contraseñas no coinciden',
  codigoSoloNumeros: 'Solo numeros',
  codigoMin6: 'Minimo 6 caracteres',
  codigoIncorrecto: 'El código ingresado es incorrecto.',
  codigoVencido: 'El código ingresado está vencido. Solicite uno nuevo.',
  codigoPaisInvalido: 'Seleccione un código de país válido.',
  usuarioExternoNoCambiaPassword: 'Los usuarios que ingresan con Google no pueden cambiar su contraseña.',
  mailNoRegistrado: 'No existe un usuario con ese dato.',

  // Successes (spec 2 §8)
  codigoEnviado: 'Hemos enviado un codigo a su casilla de correo.',
  codigoEnviadoIngreselo:
    'Se ha enviado a su casilla seleccionada un código, ingreselo a continuación y confirmelo.',
  cuentaActivada: 'La cuenta ha sido activada exitosamente. Ahora puede ingresar.',
  usuarioRegistrado: 'El usuario se ha registrado exitosamente.',
  passwordActualizado: 'Password actualizado exitosamente.',
  linkVencido: ' El link utilizado se encuentra vencido.',
  linkInvalido: 'El link utilizado no es válido.',
  activacionReenviada: 'Le enviamos un nuevo link de activación a su casilla de correo.',

  // Licences (spec 1 §8, spec 2 §8)
  noPermitido: 'No permitido',
  licenciaSinSensores: 'No tiene permitido por su licencia agregar más sensores!',
  limiteEquipos: 'Alcanzaste el límite de equipos para tu suscripción.',
  sinSuscripcionActiva: 'No posees ninguna suscripción activa',
  sinLicenciaActiva: 'No tenes una licencia activa, pasá por la tienda y contrata ya!',
  desarrolladorSinLicencia: 'Podes crearlo ahora mismo o bien comprar una placa con nuestra app incluída.',
  suscripcionNoPermite: 'Tu tipo de suscripción no permite esta funcionalidad, compra en la tienda ya!',
  seccionNoPermitida: 'Tu tipo de suscripción no permite utilizar esta sección, pasate a Full ya!',
  contrataSuscripcion: 'Contrata ya una suscripción!',
  licenciaActiva: 'Licencia activa',
  deprueba: 'de prueba',

  // Devices, folders, sensors (spec 1)
  bienvenido: 'Bienvenido a tu Dashboard',
  noExistenEquipos: 'NO EXISTEN EQUIPOS ASOCIADOS',
  noHayWidgets: 'No hay widgets cargados. Crea uno nuevo desde el menú desplable',
  sinConexion: 'SIN CONEXIÓN',
  nombreTopicAsignado: 'Nombre topic ya asignado',
  topicCaracteresInvalidos: 'No se permiten espacios ni caracteres especiales (+, $, #, /)',
  min1Widget: 'Min 1 widget',
  max2Widgets: 'Max 2 widgets',
  hastaDosWidgets: 'Puede elegir hasta dos widgets',
  mapaSoloPago: 'El widget mapa solo está disponible para suscripciones pagas.',
  valorNoNumerico: 'Valor recibido no numérico',
  errorRenderizandoMapa: 'Error renderizando mapa',
  errorArmandoMapa: 'Hubo algun error armando el mapa. Por favor chequear las coordenadas recibidas',
  carpetaDistinta: 'Debe seleccionar una carpeta distinta a la actual',
  equipoYaAsignado: 'Usted ya tiene asignado este equipo.',
  debeLoguearseParaAgregar:
    'Para poder agregar este equipo, debe loguearse, o bien registrar un nuevo usuario.',
  eliminarTitulo: '¿Eliminar?',
  eliminarSensorPregunta: '¿Está seguro que desea eliminar el sensor?',
  adminDesasociaAdvertencia:
    'Al ser administrador de este equipo, el mismo se eliminara para todos los usuarios asociados',
  equipoNoEncontrado: 'El equipo no existe o no tiene acceso a él.',
  sensorNoEncontrado: 'El sensor no existe o no tiene acceso a él.',
  carpetaNoEncontrada: 'La carpeta no existe o no tiene acceso a ella.',
  carpetaRaizNoEditable: 'La carpeta raíz no puede modificarse ni eliminarse.',
  sinConexionEquipo: 'El equipo no está conectado.',

  // History (spec 1 §8)
  sinRegistros: 'Sin registros',
  noSeEncontraronRegistros: 'No se han encontrado registros para la fecha indicada',
  noHayRegistrosRango: 'No hay registros para visualizar. Busque en otro rango de fechas',
  horasInvalidas: 'Las horas deben ser un número entero entre 1 y 24',
  fechaInvalida: 'La fecha debe tener el formato dd/MM/yyyy',
  rangoFechasInvalido: 'La fecha desde no puede ser posterior a la fecha hasta',
  rangoDemasiadoGrande: 'El rango de fechas es demasiado grande para el listado. Elija un rango menor.',
  tipoRangoInvalido: 'El tipo de rango debe ser 1 (24 h), 2 (72 h), 3 (mensual) o 5 (fechas).',
  rutaMinimoPuntos: 'Debe haber mas de dos direcciones para trazar una ruta',
  latitudLongitudInvalida: 'Latitud o longitud invalida',

  // Notifications and app
  alDia: '¡Estas al día, no hay notificaciones sin leer!',
  permisoNotificaciones: 'Necesitamos el permiso para poder enviarte notificaciones!',
  actualizacionApp: 'Hay una actualización de la app. ¿Deseas cargarla?',
  enConstruccion: 'Esta sección está en construcción.',
} as const;

export type MensajeClave = keyof typeof mensajes;

/** Error codes of the catalogue (spec 1 §8): 1 generic, 2 invalid link, 3 uncontrolled, 4 session expired, 5 wrong password. */
export const codigosError = {
  generico: 1,
  linkInvalido: 2,
  noControlado: 3,
  sesionExpirada: 4,
  passwordIncorrecto: 5,
} as const;

export type CodigoError = (typeof codigosError)[keyof typeof codigosError] | 'LINK_VENCIDO' | string;
