import type {
  CategoriaProducto,
  Compra,
  ConfigPagos,
  GenerarCompraInput,
  GenerarCompraSuscripcionInput,
  GrabarSuscripcionInput,
  ModificarCompraInput,
  PagarCompraInput,
  PlanTienda,
  Producto,
} from '@nexo/contracts';
import { api } from '../../../shared/api/httpClient';

/** Typed calls of the shop (spec 2 §7 Sales) and its admin side; each returns data. */

export interface ResultadoPago {
  estado: 'aprobado' | 'pendiente' | 'rechazado';
  mensaje: string;
}

export interface Catalogo {
  id: number;
  descripcion: string;
}

export async function fetchPlanes(): Promise<PlanTienda[]> {
  return (await api.get<{ suscripciones: PlanTienda[] }>('/suscripciones/listado')).suscripciones;
}

export async function fetchProductos(categoria: number | null): Promise<Producto[]> {
  const query = categoria ? `?categoria=${categoria}` : '';
  return (await api.get<{ productos: Producto[] }>(`/ventas/traerProductos${query}`)).productos;
}

export async function fetchCategorias(): Promise<CategoriaProducto[]> {
  return (await api.get<{ categorias: CategoriaProducto[] }>('/ventas/traerCategoriaProductos')).categorias;
}

/** The payment means offered now (the card only when its gateway is on), and whether PayPal is. */
export interface MediosOfrecidos {
  mediosPago: Catalogo[];
  paypal: boolean;
  tiposEnvio: Catalogo[];
}

export async function fetchMediosPago(): Promise<MediosOfrecidos> {
  return api.get<MediosOfrecidos>('/ventas/traerMediosPago');
}

export async function fetchConfigPagos(): Promise<ConfigPagos> {
  return api.get<ConfigPagos>('/ventas/configPagos');
}

export async function fetchMisCompras(): Promise<Compra[]> {
  return (await api.get<{ compras: Compra[] }>('/api/ventas/traerMisCompras')).compras;
}

export async function generarCompra(input: GenerarCompraInput): Promise<Compra> {
  return (await api.post<{ compra: Compra }>('/api/ventas/generarCompra', input)).compra;
}

export async function modificarCompra(input: ModificarCompraInput): Promise<Compra> {
  return (await api.post<{ compra: Compra }>('/api/ventas/modificarCompra', input)).compra;
}

export async function generarCompraSuscripcion(
  input: GenerarCompraSuscripcionInput,
): Promise<{ compra: Compra; resultadoPago: ResultadoPago }> {
  return api.post('/api/ventas/generarCompraSuscripcion', input);
}

export async function pagarCompra(
  input: PagarCompraInput,
): Promise<{ compra: Compra; resultadoPago: ResultadoPago }> {
  return api.post('/api/ventas/pagarCompra', input);
}

export async function generarCompraSuscripcionPaypal(input: {
  idSuscripcion: number;
  cantidadMeses: number;
  subscriptionID: string;
}): Promise<Compra> {
  return (await api.post<{ compra: Compra }>('/api/ventas/generarCompraSuscripcionPaypal', input)).compra;
}

export async function grabarSuscripcion(input: GrabarSuscripcionInput): Promise<Compra> {
  return (await api.post<{ compra: Compra }>('/api/ventas/grabarSuscripcion', input)).compra;
}

export async function cancelarSuscripcion(id: number): Promise<Compra> {
  return (await api.post<{ compra: Compra }>('/api/ventas/cancelarSuscripcion', { id })).compra;
}

export async function reactivarSuscripcion(id: number): Promise<Compra> {
  return (await api.post<{ compra: Compra }>('/api/ventas/reactivarSuscripcion', { id })).compra;
}

/** The sandbox PayPal button: a subscription as PayPal's button would create it. */
export async function crearSuscripcionPaypalDePrueba(
  idSuscripcion: number,
  cantidadMeses: number,
): Promise<string> {
  return (
    await api.post<{ subscriptionID: string }>('/api/ventas/sandbox/paypal/suscripcion', {
      idSuscripcion,
      cantidadMeses,
    })
  ).subscriptionID;
}

// ---- admin ----

export async function fetchComprasAdmin(todas: boolean): Promise<Compra[]> {
  return (await api.get<{ compras: Compra[] }>(`/api/admin/ventas/compras${todas ? '?todas=1' : ''}`))
    .compras;
}

export async function confirmarPago(id: number, montoFinalRecibido?: number): Promise<Compra> {
  return (
    await api.post<{ compra: Compra }>('/api/admin/ventas/confirmarPago', {
      id,
      ...(montoFinalRecibido === undefined ? {} : { montoFinalRecibido }),
    })
  ).compra;
}

export async function enviarCompra(id: number, numeroSeguimiento: string): Promise<Compra> {
  return (await api.post<{ compra: Compra }>('/api/admin/ventas/enviar', { id, numeroSeguimiento })).compra;
}

export async function entregarCompra(id: number): Promise<Compra> {
  return (await api.post<{ compra: Compra }>('/api/admin/ventas/entregar', { id })).compra;
}

export async function cancelarCompra(id: number, motivo: string): Promise<Compra> {
  return (await api.post<{ compra: Compra }>('/api/admin/ventas/cancelar', { id, motivo })).compra;
}
