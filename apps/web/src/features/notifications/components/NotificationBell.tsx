import NotificationsNoneRoundedIcon from '@mui/icons-material/NotificationsNoneRounded';
import { Badge, IconButton } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { useState } from 'react';
import { DeferredTooltip } from '../../../shared/ui/DeferredTooltip';
import { useNotificaciones } from '../api/notificationsQueries';
import { NotificationsDialog } from './NotificationsDialog';

/** The top bar's bell: the unread count (live) and the notification modal it opens. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useNotificaciones().data?.sinLeer ?? 0;
  const label =
    unread > 0
      ? mensajes.notificacionesSinLeer.replace('{cantidad}', String(unread))
      : mensajes.notificaciones;
  return (
    <>
      <DeferredTooltip title={mensajes.notificaciones}>
        <IconButton aria-label={label} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <Badge badgeContent={unread} max={99} color="error" data-testid="notificaciones-sin-leer">
            <NotificationsNoneRoundedIcon />
          </Badge>
        </IconButton>
      </DeferredTooltip>
      <NotificationsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
