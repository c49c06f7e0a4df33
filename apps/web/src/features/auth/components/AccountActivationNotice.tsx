import { Alert, Button } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/httpClient';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { authApi } from '../api/authApi';

type Outcome = { kind: 'ok' } | { kind: 'error'; mensaje: string; expired: boolean };

/** Result of the mail-validation link (?codigoMail=…): success, or an expired link that can be re-sent. */
export function AccountActivationNotice({ codigoMail }: { codigoMail: string }) {
  const alerts = useAlerts();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [resending, setResending] = useState(false);
  const requested = useRef<string | null>(null);

  useEffect(() => {
    // The link is single-use: never call twice for the same code (StrictMode mounts effects twice).
    if (requested.current === codigoMail) return;
    requested.current = codigoMail;
    authApi
      .activateAccount(codigoMail)
      .then(() => setOutcome({ kind: 'ok' }))
      .catch((error: unknown) =>
        setOutcome({
          kind: 'error',
          mensaje: isApiError(error) ? error.mensaje : mensajes.errorGenerico,
          expired: isApiError(error) && error.codigo === 'LINK_VENCIDO',
        }),
      );
  }, [codigoMail]);

  const resend = async () => {
    setResending(true);
    try {
      await authApi.resendActivation(codigoMail);
      alerts.success(mensajes.activacionReenviada);
    } catch (error) {
      alerts.error(error);
    } finally {
      setResending(false);
    }
  };

  if (!outcome) return null;
  if (outcome.kind === 'ok') {
    return (
      <Alert severity="success" sx={{ mb: 2 }}>
        {mensajes.cuentaActivada}
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        outcome.expired ? (
          <Button color="inherit" size="small" onClick={resend} loading={resending}>
            Reenviar
          </Button>
        ) : undefined
      }
    >
      {outcome.mensaje.trim()}
    </Alert>
  );
}
