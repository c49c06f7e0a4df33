import AddShoppingCartRoundedIcon from '@mui/icons-material/AddShoppingCartRounded';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { completar, formatoMoneda, mensajes, type Producto } from '@nexo/contracts';
import { useState } from 'react';

/** One product: price, model, stock ('Sin stock' when none) and how many to add to the cart. */
export function ProductCard({
  producto,
  enCarrito,
  onAdd,
}: {
  producto: Producto;
  enCarrito: number;
  onAdd: (cantidad: number) => void;
}) {
  const [cantidad, setCantidad] = useState('1');
  const disponible = producto.stock - enCarrito;
  const value = Number(cantidad);
  const error =
    !Number.isInteger(value) || value < 1
      ? mensajes.cantidadMinima
      : value > disponible
        ? completar(mensajes.stockSuperado, { n: Math.max(disponible, 0) })
        : null;
  const sinStock = producto.stock <= 0;
  return (
    <Card
      variant="outlined"
      sx={{ borderRadius: 3, height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 650 }}>
              {producto.nombre}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              {producto.categoriaProducto.descripcion} · Modelo {producto.modelo}
            </Typography>
          </Box>
          {sinStock ? (
            <Chip size="small" color="default" label={mensajes.sinStock} />
          ) : (
            <Chip size="small" color="success" variant="outlined" label={`Stock: ${producto.stock}`} />
          )}
        </Stack>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {producto.descripcion}
        </Typography>
        <Typography variant="h6" component="p" sx={{ mt: 1.5 }}>
          {formatoMoneda(producto.valor)}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          type="number"
          label="Cantidad"
          value={cantidad}
          disabled={sinStock}
          onChange={(event) => setCantidad(event.target.value)}
          error={!sinStock && error !== null}
          helperText={!sinStock ? error : null}
          sx={{ width: 130 }}
          slotProps={{
            htmlInput: { min: 1, max: producto.stock, 'aria-label': `Cantidad de ${producto.nombre}` },
          }}
        />
        <Button
          variant="contained"
          startIcon={<AddShoppingCartRoundedIcon />}
          disabled={sinStock || error !== null}
          onClick={() => {
            onAdd(value);
            setCantidad('1');
          }}
          aria-label={`Agregar ${producto.nombre} al carrito`}
          sx={{ mt: 0.25 }}
        >
          Agregar
        </Button>
      </CardActions>
    </Card>
  );
}
