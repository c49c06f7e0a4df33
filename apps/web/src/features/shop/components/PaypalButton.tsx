import { Button } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { crearSuscripcionPaypalDePrueba } from '../api/shopApi';
import { useConfigPagos } from '../api/shopQueries';
import { loadScript } from '../payments/loadScript';

interface PaypalButtons {
  Buttons(options: {
    style?: Record<string, string>;
    createSubscription: (
      data: unknown,
      actions: { subscription: { create(input: { plan_id: string }): Promise<string> } },
    ) => Promise<string>;
    onApprove: (data: { subscriptionID?: string | null }) => Promise<void>;
    onError: (error: unknown) => void;
  }): { render(element: HTMLElement): Promise<void> };
}
declare global {
  interface Window {
    paypal?: PaypalButtons;
  }
}

/**
 * PayPal's subscription button on the plan's PayPal plan. In the sandbox the server creates the
 * subscription PayPal's button would. PayPal errors are only logged (spec 2 §8).
 */
export function PaypalButton({
  planId,
  idSuscripcion,
  cantidadMeses,
  onApproved,
}: {
  planId: string;
  idSuscripcion: number;
  cantidadMeses: number;
  onApproved: (subscriptionID: string) => Promise<void>;
}) {
  const config = useConfigPagos();
  const container = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const clientId = config.data?.paypalClientId ?? null;

  useEffect(() => {
    if (!clientId || !container.current) return;
    const element = container.current;
    let cancelled = false;
    loadScript(
      `https://www.paypal.com/sdk/js?client-id=${encodeURIComponent(clientId)}&vault=true&intent=subscription`,
    )
      .then(() => {
        if (cancelled || !window.paypal) return;
        element.innerHTML = '';
        return window.paypal
          .Buttons({
            style: { layout: 'vertical', label: 'subscribe' },
            createSubscription: (_data, actions) => actions.subscription.create({ plan_id: planId }),
            onApprove: async (data) => {
              if (data.subscriptionID) await onApproved(data.subscriptionID);
            },
            onError: (error) => console.error('PayPal', error),
          })
          .render(element);
      })
      .catch((error: unknown) => console.error('PayPal', error));
    return () => {
      cancelled = true;
    };
  }, [clientId, planId, onApproved]);

  if (clientId) return <div ref={container} />;
  return (
    <Button
      variant="contained"
      color="warning"
      fullWidth
      disabled={busy || !config.data}
      onClick={async () => {
        setBusy(true);
        try {
          await onApproved(await crearSuscripcionPaypalDePrueba(idSuscripcion, cantidadMeses));
        } catch (error) {
          console.error('PayPal', error);
        } finally {
          setBusy(false);
        }
      }}
    >
      Pagar con PayPal (modo de prueba)
    </Button>
  );
}
