import ShoppingCartRoundedIcon from '@mui/icons-material/ShoppingCartRounded';
import { Badge, Tab, Tabs } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCart } from '../cartStore';

const tabs = [
  { to: '/tienda/suscripcion', label: 'Planes' },
  { to: '/tienda/productos', label: 'Productos' },
  { to: '/tienda/carrito', label: 'Carrito' },
  { to: '/tienda/misCompras', label: 'Mis compras' },
];

/** The shop's sections, with the cart's unit count; scrolls sideways on a phone. */
export function ShopNav() {
  const { pathname } = useLocation();
  const units = useCart().reduce((sum, line) => sum + line.cantidad, 0);
  const current = tabs.find((tab) => pathname.startsWith(tab.to))?.to ?? false;
  return (
    <Tabs
      value={current}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 3 }}
      aria-label="Secciones de la tienda"
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.to}
          value={tab.to}
          component={RouterLink}
          to={tab.to}
          label={
            tab.to === '/tienda/carrito' ? (
              <Badge badgeContent={units} color="primary" sx={{ pr: units > 0 ? 1.5 : 0 }}>
                <ShoppingCartRoundedIcon fontSize="small" sx={{ mr: 0.5, verticalAlign: 'middle' }} />
                {tab.label}
              </Badge>
            ) : (
              tab.label
            )
          }
        />
      ))}
    </Tabs>
  );
}
