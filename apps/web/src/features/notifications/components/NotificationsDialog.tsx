import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import GroupRoundedIcon from '@mui/icons-material/GroupRounded';
import NotificationsNoneRoundedIcon from '@mui/icons-material/NotificationsNoneRounded';
import PlaylistPlayRoundedIcon from '@mui/icons-material/PlaylistPlayRounded';
import ShoppingCartRoundedIcon from '@mui/icons-material/ShoppingCartRounded';
import SupportAgentRoundedIcon from '@mui/icons-material/SupportAgentRounded';
import {
  Box,
  Chip,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { mensajes, type Notificacion, origenesNotificacion } from '@nexo/contracts';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { useMarcarLeidas, useNotificaciones } from '../api/notificationsQueries';
import { useNotificationNavigation } from '../hooks/useNotificationNavigation';
import { formatNotificationDate } from './formatNotificationDate';

const originIcons: Record<number, ReactElement> = {
  [origenesNotificacion.compras]: <ShoppingCartRoundedIcon />,
  [origenesNotificacion.consulta]: <SupportAgentRoundedIcon />,
  [origenesNotificacion.eventos]: <EventRoundedIcon />,
  [origenesNotificacion.programa]: <PlaylistPlayRoundedIcon />,
  [origenesNotificacion.usuarios]: <GroupRoundedIcon />,
};

interface NotificationsDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The notification modal (spec 1 §2): the latest notifications, newest first. Opening it marks
 * every unread one as read; those stay highlighted as "Nueva" while it is open.
 */
export function NotificationsDialog({ open, onClose }: NotificationsDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const list = useNotificaciones();
  const marcar = useMarcarLeidas();
  const go = useNotificationNavigation();
  const [nuevas, setNuevas] = useState<ReadonlySet<number>>(new Set());
  const markedThisOpening = useRef(false);

  const data = list.data;
  useEffect(() => {
    if (!open) {
      markedThisOpening.current = false;
      return;
    }
    if (markedThisOpening.current || !data) return;
    markedThisOpening.current = true;
    setNuevas(new Set(data.notificaciones.filter((n) => !n.leida).map((n) => n.id)));
    if (data.sinLeer > 0) marcar.mutate();
  }, [open, data, marcar]);

  const choose = (notificacion: Notificacion) => {
    onClose();
    go(notificacion);
  };

  const notificaciones = data?.notificaciones ?? [];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="notificaciones-titulo"
    >
      <DialogTitle
        id="notificaciones-encabezado"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}
      >
        <Box id="notificaciones-titulo" sx={{ flex: 1 }}>
          {mensajes.notificaciones}
        </Box>
        <IconButton aria-label="Cerrar" onClick={onClose}>
          <CloseRoundedIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {list.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label="Cargando" />
          </Box>
        ) : (
          <>
            {nuevas.size === 0 && (
              <Box sx={{ p: 3, textAlign: 'center' }}>
                <NotificationsNoneRoundedIcon color="disabled" sx={{ fontSize: 40 }} />
                <Typography variant="body2">{mensajes.alDia}</Typography>
              </Box>
            )}
            {notificaciones.length > 0 && (
              <List disablePadding aria-label={mensajes.notificaciones}>
                {notificaciones.map((notificacion) => {
                  const nueva = nuevas.has(notificacion.id);
                  return (
                    <ListItemButton
                      key={notificacion.id}
                      onClick={() => choose(notificacion)}
                      divider
                      sx={{ alignItems: 'flex-start', bgcolor: nueva ? 'action.hover' : undefined }}
                    >
                      <ListItemIcon sx={{ mt: 0.5, minWidth: 44 }}>
                        {originIcons[notificacion.origen.id] ?? <NotificationsNoneRoundedIcon />}
                      </ListItemIcon>
                      <ListItemText
                        primary={notificacion.titulo}
                        secondary={formatNotificationDate(notificacion.fecha)}
                        slotProps={{
                          primary: { sx: { fontWeight: nueva ? 700 : 400, overflowWrap: 'anywhere' } },
                        }}
                      />
                      {nueva && <Chip label="Nueva" size="small" color="primary" sx={{ ml: 1, mt: 0.5 }} />}
                    </ListItemButton>
                  );
                })}
              </List>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
