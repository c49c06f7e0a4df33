import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import FolderRoundedIcon from '@mui/icons-material/FolderRounded';
import { Box, Card, CardActionArea, IconButton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { type Carpeta, cantidad, mensajes } from '@nexo/contracts';
import { Link as RouterLink } from 'react-router';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';

/** A folder tile: opens ?carp={id}; edit and delete on the side. */
export function FolderTile({
  carpeta,
  onEdit,
  onDelete,
}: {
  carpeta: Carpeta;
  onEdit: (carpeta: Carpeta) => void;
  onDelete: (carpeta: Carpeta) => void;
}) {
  const count = carpeta.equipos.length + carpeta.carpetasHijas.length;
  return (
    <Card data-testid="carpeta" sx={{ position: 'relative', '&:hover': { boxShadow: 4 } }}>
      <CardActionArea
        component={RouterLink}
        to={`/home/misEquipos?carp=${carpeta.id}`}
        sx={{ p: 1.75, pr: 10 }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box
            sx={(t) => ({
              width: 40,
              height: 40,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              color: 'warning.main',
              bgcolor: alpha(t.palette.warning.main, 0.14),
            })}
          >
            <FolderRoundedIcon />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" noWrap title={carpeta.nombre} sx={{ fontWeight: 650 }}>
              {carpeta.nombre}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              {cantidad(carpeta.equipos.length, 'equipo')}
              {carpeta.carpetasHijas.length > 0
                ? ` · ${cantidad(carpeta.carpetasHijas.length, 'carpeta')}`
                : ''}
              {count === 0 ? ` · ${mensajes.vacia}` : ''}
            </Typography>
          </Box>
        </Stack>
      </CardActionArea>
      <Stack
        direction="row"
        sx={{ position: 'absolute', top: '50%', right: 6, transform: 'translateY(-50%)' }}
      >
        <LazyTooltip title={mensajes.editar}>
          <IconButton
            size="small"
            aria-label={`${mensajes.editar} ${carpeta.nombre}`}
            onClick={() => onEdit(carpeta)}
          >
            <EditRoundedIcon fontSize="small" />
          </IconButton>
        </LazyTooltip>
        <LazyTooltip title={mensajes.eliminar}>
          <IconButton
            size="small"
            aria-label={`${mensajes.eliminar} ${carpeta.nombre}`}
            onClick={() => onDelete(carpeta)}
          >
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </LazyTooltip>
      </Stack>
    </Card>
  );
}
