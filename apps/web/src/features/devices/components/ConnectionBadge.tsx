import { Box, Chip } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';

/**
 * Connected: a green dot. Not connected: the spec's 'SIN CONEXIÓN' badge, or in a list a hollow grey
 * ring (shape as well as colour tells them apart). Each is an image named by its state.
 */
export function ConnectionBadge({ conectado, dotOnly = false }: { conectado: boolean; dotOnly?: boolean }) {
  if (conectado) {
    return (
      <LazyTooltip title={mensajes.conectado}>
        <Box
          role="img"
          aria-label={mensajes.conectado}
          sx={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            bgcolor: 'success.main',
            flexShrink: 0,
            boxShadow: (t) =>
              `0 0 0 3px ${t.palette.mode === 'dark' ? 'rgba(52,211,153,0.18)' : 'rgba(18,160,112,0.16)'}`,
          }}
        />
      </LazyTooltip>
    );
  }
  if (dotOnly) {
    return (
      <LazyTooltip title={mensajes.desconectado}>
        <Box
          role="img"
          aria-label={mensajes.desconectado}
          sx={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            border: 2,
            borderColor: 'text.secondary',
            flexShrink: 0,
          }}
        />
      </LazyTooltip>
    );
  }
  return (
    <Chip
      size="small"
      label={mensajes.sinConexion}
      color="error"
      variant="outlined"
      sx={{ height: 20, fontSize: 10.5, fontWeight: 700, letterSpacing: 0.4, flexShrink: 0 }}
    />
  );
}
