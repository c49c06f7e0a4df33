import { Chip } from '@mui/material';
import { type Compra, formatoMoneda } from '@nexo/contracts';
import type { ReactNode } from 'react';
import { ResponsiveTable, type TableColumn } from '../../../shared/ui/ResponsiveTable';
import { CompraDetail } from './CompraDetail';
import { fechaHora, tipoConPeriodo, totalCompra } from './formatos';

const estadoColor = (id: number) =>
  id === 1 || id === 6 ? 'warning' : id === 3 || id === 7 ? 'default' : ('success' as const);

/**
 * The purchases table (spec 2 §2 Mis compras): sortable, no search, a detail panel per row, the
 * spec's page sizes. The admin view adds the user, the final amount received, the token
 * subscriptions and the assigned devices.
 */
export function ComprasTable({
  compras,
  admin = false,
  emptyText,
  loading = false,
  actions,
}: {
  compras: Compra[];
  admin?: boolean;
  emptyText: string;
  loading?: boolean;
  actions: (compra: Compra) => ReactNode;
}) {
  const columns: TableColumn<Compra>[] = [
    {
      id: 'fecha',
      label: 'Fecha',
      value: (c) => c.fechaCreada,
      render: (c) => fechaHora(c.fechaCreada),
      nowrap: true,
      phone: 'title',
    },
    ...(admin ? [{ id: 'usuario', label: 'Usuario', value: (c: Compra) => c.usuario?.username ?? '' }] : []),
    {
      id: 'estado',
      label: 'Estado',
      value: (c) => c.estadoCompra.descripcion,
      render: (c) => (
        <Chip size="small" color={estadoColor(c.estadoCompra.id)} label={c.estadoCompra.descripcion} />
      ),
    },
    { id: 'tipo', label: 'Tipo', value: (c) => tipoConPeriodo(c) },
    {
      id: 'medio',
      label: 'Medio de pago',
      value: (c) => c.medioPago?.descripcion ?? (c.modoGratuita ? 'Gratuita' : ''),
    },
    {
      id: 'total',
      label: 'Total',
      align: 'right',
      nowrap: true,
      value: (c) => c.totalCompra,
      render: (c) => totalCompra(c),
    },
    ...(admin
      ? [
          {
            id: 'recibido',
            label: 'Monto final recibido',
            align: 'right' as const,
            nowrap: true,
            value: (c: Compra) => c.montoFinalRecibido ?? 0,
            render: (c: Compra) => formatoMoneda(c.montoFinalRecibido ?? 0, c.moneda),
          },
          {
            id: 'suscripciones',
            label: 'Suscripciones',
            sortable: false,
            value: (c: Compra) => c.suscripcionesToken.length,
          },
          {
            id: 'equipos',
            label: 'Equipos',
            sortable: false,
            value: (c: Compra) => c.equipos.map((e) => e.nombre).join(', ') || '—',
          },
        ]
      : []),
  ];
  return (
    <ResponsiveTable
      label={admin ? 'Compras' : 'Mis compras'}
      rows={compras}
      rowKey={(c) => c.id}
      columns={columns}
      loading={loading}
      emptyText={emptyText}
      defaultSort={{ column: 'fecha', direction: 'desc' }}
      pageSizeKey={admin ? 'comprasAdmin' : 'compras'}
      detail={(c) => <CompraDetail compra={c} />}
      detailLabel={(c, open) => `${open ? 'Ocultar' : 'Ver'} detalle de la compra #${c.id}`}
      actions={actions}
    />
  );
}
