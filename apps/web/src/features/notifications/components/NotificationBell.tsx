import NotificationsNoneRoundedIcon from '@mui/icons-material/NotificationsNoneRounded';
import { Badge, IconButton } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { useState } from 'react';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import { lazyDialog } from '../../../shared/ui/lazyComponent';
import { useNotificaciones } from '../api/notificationsQueries';

// The modal's list, its queries and its media query start with its first opening, not with the frame.
const NotificationsDialog = lazyDialog(
  async () => (await import('./NotificationsDialog')).NotificationsDialog,
);

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
      <LazyTooltip title={mensajes.notificaciones}>
        <IconButton aria-label={label} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <Badge badgeContent={unread} max={99} color="error" data-testid="notificaciones-sin-leer">
            <NotificationsNoneRoundedIcon />
          </Badge>
        </IconButton>
      </LazyTooltip>
      <NotificationsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
