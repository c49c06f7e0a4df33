import StarRoundedIcon from '@mui/icons-material/StarRounded';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { type Favorito, mensajes, tiposFavorito } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { invalidateAutomation, useFavoritos } from '../api/automationQueries';
import { ejecutarPrograma, fetchPrograma } from '../api/eventsApi';
import { useEjecutar } from './useEjecutar';

/**
 * The 'Mis Favoritos' bar (spec 1 §2, spec 2 §2): favourite collective actions and programs; a
 * click asks '¿Está seguro que desea ejecutar {name}?' and runs it (a program from its first
 * task). Hidden when there are none.
 */
export function FavoritesBar() {
  const favoritos = useFavoritos();
  const { run, running } = useEjecutar();
  const client = useQueryClient();
  const alerts = useAlerts();
  const [asking, setAsking] = useState<Favorito | null>(null);

  const runProgram = async (id: number) => {
    try {
      const programa = await fetchPrograma(id);
      const first = programa.tareas[0];
      if (!first) {
        alerts.error(mensajes.programaSinTareas);
        return;
      }
      await ejecutarPrograma(id, first.id);
      await invalidateAutomation(client);
      alerts.success(mensajes.ejecutadoExitosamente);
    } catch (error) {
      alerts.error(error);
    }
  };
  const list = favoritos.data ?? [];
  if (list.length === 0) return null;

  const confirm = async () => {
    if (!asking) return;
    const target = asking;
    setAsking(null);
    if (target.tipo === tiposFavorito.programa) await runProgram(target.id);
    else await run(target.id);
  };

  return (
    <Box
      component="nav"
      aria-label={mensajes.misFavoritos}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, overflowX: 'auto', pb: 0.5 }}
    >
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ alignItems: 'center', color: 'warning.main', flexShrink: 0 }}
      >
        <StarRoundedIcon fontSize="small" />
        <Typography variant="subtitle2" sx={{ color: 'text.secondary' }}>
          {mensajes.misFavoritos}
        </Typography>
      </Stack>
      {list.map((f) => (
        <Chip
          key={`${f.tipo}-${f.id}`}
          label={f.nombre}
          onClick={() => setAsking(f)}
          disabled={running !== null}
          variant="outlined"
          sx={{ flexShrink: 0 }}
        />
      ))}
      <ConfirmDialog
        open={asking !== null}
        title={mensajes.ejecutar}
        message={mensajes.ejecutarPregunta.replace('{name}', asking?.nombre ?? '')}
        confirmLabel={mensajes.siEjecutar}
        cancelLabel={mensajes.cancelar}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}
