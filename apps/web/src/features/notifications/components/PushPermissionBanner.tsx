import { mensajes } from '@nexo/contracts';
import { useState } from 'react';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { usePushSubscription } from '../hooks/usePushSubscription';
import { markPushAsked, pushAlreadyAsked } from '../pushSubscription';
import { PushBannerView } from './PushBannerView';

/**
 * After login, while the browser has never been asked, offers 'Activar notificaciones'. The permission
 * request runs from that click; a refusal shows 'Necesitamos el permiso para poder enviarte notificaciones!'.
 */
export function PushPermissionBanner() {
  const { permission, enable } = usePushSubscription();
  const alerts = useAlerts();
  const [asked, setAsked] = useState(pushAlreadyAsked);
  const [busy, setBusy] = useState(false);

  const close = () => {
    markPushAsked();
    setAsked(true);
  };
  const activate = async () => {
    setBusy(true);
    const result = await enable();
    setBusy(false);
    close();
    if (result === 'granted') alerts.success(mensajes.notificacionesActivadas);
    else if (result === 'denied') alerts.error(mensajes.permisoNotificaciones);
    else if (result === 'error') alerts.error(mensajes.notificacionesNoDisponibles);
  };

  if (permission !== 'default' || asked) return null;
  return <PushBannerView onLater={close} onActivate={() => void activate()} busy={busy} />;
}
