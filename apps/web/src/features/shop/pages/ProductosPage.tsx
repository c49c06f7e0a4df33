import Inventory2RoundedIcon from '@mui/icons-material/Inventory2Rounded';
import { Alert, Chip, Grid, Stack } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { useState } from 'react';
import { CardGridSkeleton, EmptyState } from '../../../shared/ui/CardGridStates';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { useCategorias, useProductos } from '../api/shopQueries';
import { cartStore, useCart } from '../cartStore';
import { ModoPruebaChip } from '../components/ModoPruebaChip';
import { ProductCard } from '../components/ProductCard';
import { ShopNav } from '../components/ShopNav';

/** /tienda/productos (spec 2 §2): the products with the category filter; open without a session. */
export function ProductosPage() {
  const [categoria, setCategoria] = useState<number | null>(null);
  const categorias = useCategorias();
  const productos = useProductos(categoria);
  const cart = useCart();
  const alerts = useAlerts();
  const list = productos.data ?? [];
  return (
    <>
      <PageTitle
        title="Productos"
        subtitle="Placas con la app de Nexo, sensores y accesorios."
        actions={<ModoPruebaChip />}
      />
      <ShopNav />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }} role="group" aria-label="Categorías">
        <Chip
          label="Todas"
          color={categoria === null ? 'primary' : 'default'}
          onClick={() => setCategoria(null)}
        />
        {(categorias.data ?? []).map((c) => (
          <Chip
            key={c.id}
            label={c.descripcion}
            color={categoria === c.id ? 'primary' : 'default'}
            onClick={() => setCategoria(c.id)}
          />
        ))}
      </Stack>
      {productos.isPending && <CardGridSkeleton height={240} />}
      {productos.isError && <Alert severity="error">{mensajes.errorGenerico}</Alert>}
      {productos.isSuccess && list.length === 0 && (
        <EmptyState icon={<Inventory2RoundedIcon />} text="No hay productos en esta categoría." />
      )}
      <Grid container spacing={2}>
        {list.map((producto) => (
          <Grid key={producto.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <ProductCard
              producto={producto}
              enCarrito={cart.find((line) => line.productoId === producto.id)?.cantidad ?? 0}
              onAdd={(cantidad) => {
                cartStore.add(
                  {
                    productoId: producto.id,
                    nombre: producto.nombre,
                    modelo: producto.modelo,
                    valor: producto.valor,
                    stock: producto.stock,
                  },
                  cantidad,
                );
                alerts.success(`${producto.nombre}: agregado al carrito`);
              }}
            />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
