import AddRoundedIcon from '@mui/icons-material/AddRounded';
import {
  Button,
  Chip,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
} from '@mui/material';
import { formatoMoneda } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { guardarTipoEquipo, type PlanAdmin, type ProductoAdmin } from '../api/adminApi';
import { adminKeys, usePlanesAdmin, useProductosAdmin, useTiposEquipo } from '../api/adminQueries';
import { AuditoriaDialog } from '../components/AuditoriaDialog';
import { PlanDialog } from '../components/PlanDialog';
import { ProductoDialog } from '../components/ProductoDialog';

/** /admin/catalogo: products (stock, category, price, model), plans and device types. */
export function AdminCatalogoPage() {
  const [tab, setTab] = useState<'productos' | 'planes' | 'tipos'>('productos');
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
      <PageTitle title="Catálogo" subtitle="Productos, planes y tipos de equipo." />
      <Tabs value={tab} onChange={(_event, next) => setTab(next)} sx={{ mb: 2 }}>
        <Tab value="productos" label="Productos" />
        <Tab value="planes" label="Planes" />
        <Tab value="tipos" label="Tipos de equipo" />
      </Tabs>
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
          <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
            <TableContainer>
              <Table size="small" aria-label="Productos">
                <TableHead>
                  <TableRow>
                    <TableCell>Producto</TableCell>
                    <TableCell>Categoría</TableCell>
                    <TableCell align="right">Precio</TableCell>
                    <TableCell align="right">Stock</TableCell>
                    <TableCell>Estado</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(productos.data ?? []).map((p) => (
                    <TableRow key={p.id} hover>
                      <TableCell>
                        {p.nombre} <span style={{ opacity: 0.6 }}>({p.modelo})</span>
                      </TableCell>
                      <TableCell>{p.categoriaProducto.descripcion}</TableCell>
                      <TableCell align="right">{formatoMoneda(p.valor)}</TableCell>
                      <TableCell align="right">{p.stock}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          label={p.activo ? 'A la venta' : 'Oculto'}
                          color={p.activo ? 'success' : 'default'}
                        />
                      </TableCell>
                      <TableCell>
                        <Button size="small" onClick={() => setProducto(p)} aria-label={`Editar ${p.nombre}`}>
                          Editar
                        </Button>
                        <Button
                          size="small"
                          onClick={() => setHistorial({ objeto: 'producto', id: p.id, titulo: p.nombre })}
                        >
                          Historial
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
        </>
      )}
      {tab === 'planes' && (
        <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
          <TableContainer>
            <Table size="small" aria-label="Planes">
              <TableHead>
                <TableRow>
                  <TableCell>Plan</TableCell>
                  <TableCell>Límites</TableCell>
                  <TableCell align="right">Mensual</TableCell>
                  <TableCell align="right">Anual</TableCell>
                  <TableCell>Estado</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {(planes.data ?? []).map((p) => (
                  <TableRow key={p.id} hover>
                    <TableCell>{p.nombre}</TableCell>
                    <TableCell>
                      {p.cantidadDispositivos} equipos · {p.cantidadSensores} sensores · {p.cantidadUsuarios}{' '}
                      usuarios
                    </TableCell>
                    <TableCell align="right">{formatoMoneda(Number(p.costo))}</TableCell>
                    <TableCell align="right">{formatoMoneda(Number(p.costoDoce))}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={p.activo ? 'A la venta' : 'Oculto'}
                        color={p.activo ? 'success' : 'default'}
                      />
                    </TableCell>
                    <TableCell>
                      <Button size="small" onClick={() => setPlan(p)} aria-label={`Editar plan ${p.nombre}`}>
                        Editar
                      </Button>
                      <Button
                        size="small"
                        onClick={() => setHistorial({ objeto: 'plan', id: p.id, titulo: p.nombre })}
                      >
                        Historial
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
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
          <Paper variant="outlined" sx={{ borderRadius: 3 }}>
            <Table size="small" aria-label="Tipos de equipo">
              <TableBody>
                {(tipos.data ?? []).map((t) => (
                  <TableRow key={t.id}>
                    <TableCell>{t.descripcion}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
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
