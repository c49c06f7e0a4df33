import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { Box, Button, Chip, Stack, Tab, Tabs, TextField } from '@mui/material';
import { formatoMoneda } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { guardarTipoEquipo, type PlanAdmin, type ProductoAdmin } from '../api/adminApi';
import { adminKeys, usePlanesAdmin, useProductosAdmin, useTiposEquipo } from '../api/adminQueries';
import { AuditoriaDialog } from '../components/AuditoriaDialog';
import { DatosPagoForm } from '../components/DatosPagoForm';
import { PlanDialog } from '../components/PlanDialog';
import { ProductoDialog } from '../components/ProductoDialog';

/** /admin/catalogo: products (stock, category, price, model), plans and device types. */
export function AdminCatalogoPage() {
  const [tab, setTab] = useState<'productos' | 'planes' | 'tipos' | 'pagos'>('productos');
  const productos = useProductosAdmin();
  const planes = usePlanesAdmin();
  const tipos = useTiposEquipo();
  const client = useQueryClient();
  const alerts = useAlerts();
  const [producto, setProducto] = useState<ProductoAdmin | null | 'nuevo'>(null);
  const [plan, setPlan] = useState<PlanAdmin | null>(null);
  const [historial, setHistorial] = useState<{
    objeto: 'producto' | 'plan';
    id: number;
    titulo: string;
  } | null>(null);
  const [nuevoTipo, setNuevoTipo] = useState('');
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: adminKeys.all });
    await client.invalidateQueries({ queryKey: ['tienda'] });
  };
  return (
    <>
      <PageTitle title="Catálogo" subtitle="Productos, planes, tipos de equipo y datos de pago." />
      <Tabs
        value={tab}
        onChange={(_event, next) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        <Tab value="productos" label="Productos" />
        <Tab value="planes" label="Planes" />
        <Tab value="tipos" label="Tipos de equipo" />
        <Tab value="pagos" label="Datos de pago" />
      </Tabs>
      {tab === 'pagos' && <DatosPagoForm />}
      {tab === 'productos' && (
        <>
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            onClick={() => setProducto('nuevo')}
            sx={{ mb: 2 }}
          >
            Nuevo producto
          </Button>
          <ResponsiveTable
            label="Productos"
            rows={productos.data ?? []}
            rowKey={(p) => p.id}
            loading={productos.isFetching}
            emptyText="No hay productos cargados."
            defaultSort={{ column: 'producto', direction: 'asc' }}
            pageSizeKey="adminProductos"
            columns={[
              {
                id: 'producto',
                label: 'Producto',
                phone: 'title',
                value: (p) => p.nombre,
                render: (p) => (
                  <>
                    {p.nombre}{' '}
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      ({p.modelo})
                    </Box>
                  </>
                ),
              },
              { id: 'categoria', label: 'Categoría', value: (p) => p.categoriaProducto.descripcion },
              {
                id: 'precio',
                label: 'Precio',
                align: 'right',
                nowrap: true,
                value: (p) => p.valor,
                render: (p) => formatoMoneda(p.valor),
              },
              { id: 'stock', label: 'Stock', align: 'right', value: (p) => p.stock },
              {
                id: 'estado',
                label: 'Estado',
                value: (p) => (p.activo ? 'A la venta' : 'Oculto'),
                render: (p) => (
                  <Chip
                    size="small"
                    label={p.activo ? 'A la venta' : 'Oculto'}
                    color={p.activo ? 'success' : 'default'}
                  />
                ),
              },
            ]}
            actions={(p) => (
              <>
                <Button size="small" onClick={() => setProducto(p)} aria-label={`Editar ${p.nombre}`}>
                  Editar
                </Button>
                <Button
                  size="small"
                  aria-label={`Historial de ${p.nombre}`}
                  onClick={() => setHistorial({ objeto: 'producto', id: p.id, titulo: p.nombre })}
                >
                  Historial
                </Button>
              </>
            )}
          />
        </>
      )}
      {tab === 'planes' && (
        <ResponsiveTable
          label="Planes"
          rows={planes.data ?? []}
          rowKey={(p) => p.id}
          loading={planes.isFetching}
          emptyText="No hay planes cargados."
          pageSizeKey="adminPlanes"
          columns={[
            { id: 'plan', label: 'Plan', phone: 'title', value: (p) => p.nombre },
            {
              id: 'limites',
              label: 'Límites',
              sortable: false,
              value: (p) =>
                `${p.cantidadDispositivos} equipos · ${p.cantidadSensores} sensores · ${p.cantidadUsuarios} usuarios`,
            },
            {
              id: 'mensual',
              label: 'Mensual',
              align: 'right',
              nowrap: true,
              value: (p) => Number(p.costo),
              render: (p) => formatoMoneda(Number(p.costo)),
            },
            {
              id: 'anual',
              label: 'Anual',
              align: 'right',
              nowrap: true,
              value: (p) => Number(p.costoDoce),
              render: (p) => formatoMoneda(Number(p.costoDoce)),
            },
            {
              id: 'estado',
              label: 'Estado',
              value: (p) => (p.activo ? 'A la venta' : 'Oculto'),
              render: (p) => (
                <Chip
                  size="small"
                  label={p.activo ? 'A la venta' : 'Oculto'}
                  color={p.activo ? 'success' : 'default'}
                />
              ),
            },
          ]}
          actions={(p) => (
            <>
              <Button size="small" onClick={() => setPlan(p)} aria-label={`Editar plan ${p.nombre}`}>
                Editar
              </Button>
              <Button
                size="small"
                aria-label={`Historial del plan ${p.nombre}`}
                onClick={() => setHistorial({ objeto: 'plan', id: p.id, titulo: p.nombre })}
              >
                Historial
              </Button>
            </>
          )}
        />
      )}
      {tab === 'tipos' && (
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          <Stack direction="row" spacing={1}>
            <TextField
              size="small"
              label="Nuevo tipo de equipo"
              value={nuevoTipo}
              onChange={(event) => setNuevoTipo(event.target.value)}
              sx={{ flex: 1 }}
            />
            <Button
              variant="contained"
              disabled={nuevoTipo.trim().length < 2}
              onClick={async () => {
                try {
                  await guardarTipoEquipo({ descripcion: nuevoTipo.trim() });
                  setNuevoTipo('');
                  await refresh();
                } catch (error) {
                  alerts.error(error);
                }
              }}
            >
              Agregar
            </Button>
          </Stack>
          <ResponsiveTable
            label="Tipos de equipo"
            rows={tipos.data ?? []}
            rowKey={(t) => t.id}
            loading={tipos.isFetching}
            emptyText="No hay tipos de equipo."
            defaultSort={{ column: 'tipo', direction: 'asc' }}
            pageSizeKey="adminTipos"
            columns={[{ id: 'tipo', label: 'Tipo de equipo', phone: 'title', value: (t) => t.descripcion }]}
          />
        </Stack>
      )}
      {producto && (
        <ProductoDialog
          producto={producto === 'nuevo' ? null : producto}
          onClose={() => setProducto(null)}
          onSaved={() => {
            setProducto(null);
            void refresh();
          }}
        />
      )}
      {plan && (
        <PlanDialog
          plan={plan}
          onClose={() => setPlan(null)}
          onSaved={() => {
            setPlan(null);
            void refresh();
          }}
        />
      )}
      {historial && (
        <AuditoriaDialog
          objeto={historial.objeto}
          id={historial.id}
          titulo={historial.titulo}
          onClose={() => setHistorial(null)}
        />
      )}
    </>
  );
}
