import StarRoundedIcon from '@mui/icons-material/StarRounded';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { type Favorito, mensajes } from '@nexo/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useFavoritos } from '../api/automationQueries';
import { useEjecutar } from './useEjecutar';

/**
 * The 'Mis Favoritos' bar (spec 1 §2, spec 2 §2): favourite collective actions (programs join
 * them later); a click asks '¿Está seguro que desea ejecutar {name}?' and runs it. Hidden when
 * there are none.
 */
export function FavoritesBar() {
  const favoritos = useFavoritos();
  const { run, running } = useEjecutar();
  const [asking, setAsking] = useState<Favorito | null>(null);
  const list = favoritos.data ?? [];
  if (list.length === 0) return null;

  const confirm = async () => {
    if (!asking) return;
    const target = asking;
    setAsking(null);
    await run(target.id);
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
        <Typography variant="subtitle2" color="text.secondary">
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
