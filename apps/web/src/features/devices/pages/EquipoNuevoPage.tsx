import AddLinkRoundedIcon from '@mui/icons-material/AddLinkRounded';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useEquipoCompartido } from '../api/devicesQueries';
import { AddExistingDeviceDialog } from '../components/AddExistingDeviceDialog';
import { MisEquiposPage } from './MisEquiposPage';

function useSharedDeviceId(): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The claim code of a label's QR link (/home/equipoNuevo?codigo=…), as written. */
function useClaimCode(): string | null {
  const [params] = useSearchParams();
  return params.get('codigo');
}

/**
 * /home/equipoNuevo?id= (share link) or ?codigo= (a label's claim QR) for a logged-in user: the
 * dashboard with the add-existing-device dialog on top.
 */
export function EquipoNuevoPage() {
  const id = useSharedDeviceId();
  const codigo = useClaimCode();
  const navigate = useNavigate();
  return (
    <>
      <MisEquiposPage />
      <AddExistingDeviceDialog
        open
        equipoId={codigo ? null : id}
        codigo={codigo}
        onClose={() => navigate('/home/misEquipos', { replace: true })}
      />
    </>
  );
}

/** The same link opened without a session: the spec's message with login and register buttons. */
export function EquipoNuevoAnonimo() {
  const id = useSharedDeviceId();
  const codigo = useClaimCode();
  const compartido = useEquipoCompartido(id);
  const from = `/home/equipoNuevo${codigo ? `?codigo=${encodeURIComponent(codigo)}` : id ? `?id=${id}` : ''}`;
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Paper
        variant="outlined"
        sx={{ maxWidth: 460, width: '100%', p: { xs: 3, sm: 4 }, borderRadius: 4, textAlign: 'center' }}
      >
        <Box component="img" src="/logo.svg" alt="Nexo" width={40} height={40} sx={{ mb: 2 }} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center', mb: 1 }}>
          <AddLinkRoundedIcon color="primary" />
          <Typography variant="h6" component="h1">
            {mensajes.agregarEquipoExistente}
          </Typography>
        </Stack>
        {compartido.data && (
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {compartido.data.nombre}
          </Typography>
        )}
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          {mensajes.debeLoguearseParaAgregar}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to="/login" state={{ from }} variant="contained">
            {mensajes.ingresar}
          </Button>
          <Button component={RouterLink} to="/login?registro=1" state={{ from }} variant="outlined">
            {mensajes.registrarse}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
