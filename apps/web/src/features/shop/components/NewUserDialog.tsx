import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNavigate } from 'react-router';
import type { LoginRedirectState } from '../../auth';

/**
 * The new-user modal of the cart (spec 2 §2): an anonymous buyer logs in or registers first, and
 * comes back to the cart, which kept its products.
 */
export function NewUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const state: LoginRedirectState = { from: '/tienda/carrito' };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="nuevo-usuario-titulo">
      <DialogTitle id="nuevo-usuario-titulo">Para comprar necesitás una cuenta</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Ingresá con tu usuario o registrate en un minuto. Tu carrito te espera: cuando vuelvas, seguís con
          la compra.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button onClick={() => navigate('/login?registro=1', { state })}>Registrarme</Button>
        <Button variant="contained" onClick={() => navigate('/login', { state })}>
          Ingresar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
