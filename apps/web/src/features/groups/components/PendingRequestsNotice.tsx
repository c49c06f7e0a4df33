import HourglassTopRoundedIcon from '@mui/icons-material/HourglassTopRounded';
import { Chip, Paper, Stack, Typography } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { useMisSolicitudes } from '../api/groupsQueries';

/** The user's own pending requests in Mis Equipos: only the device name, nothing else of it. */
export function PendingRequestsNotice() {
  const solicitudes = useMisSolicitudes();
  const pendientes = solicitudes.data ?? [];
  if (pendientes.length === 0) return null;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 3, borderRadius: 3 }}
      aria-label={mensajes.solicitudesPendientes}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <HourglassTopRoundedIcon color="warning" fontSize="small" />
        <Typography variant="subtitle2" component="h2">
          {mensajes.solicitudesPendientes}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {pendientes.map((s) => (
          <Chip
            key={s.id}
            variant="outlined"
            label={`${s.equipo.nombre} · ${mensajes.esperandoAprobacion}`}
            sx={{ maxWidth: '100%' }}
          />
        ))}
      </Stack>
    </Paper>
  );
}
