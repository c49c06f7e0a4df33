import AddRoundedIcon from '@mui/icons-material/AddRounded';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { etiquetasAlcance, mensajes, type TokenApi } from '@nexo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatFechaHora } from '../../../shared/format/fechas';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { apiTokensApi } from '../api/usersApi';
import { NewApiTokenDialog } from '../components/NewApiTokenDialog';

const fecha = (ms: number | null, siNo: string) => (ms === null ? siNo : formatFechaHora(ms));

/**
 * /perfil/tokens ('Tokens de API'): the user's personal API tokens for scripts and integrations,
 * with their creation, expiry, last use and its address; create one (shown once) or revoke it.
 */
export function ApiTokensPage() {
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const tokens = useQuery({
    queryKey: ['tokensApi'],
    queryFn: async () => (await apiTokensApi.list()).tokens,
  });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TokenApi | null>(null);
  const revoke = useMutation({
    mutationFn: (id: number) => apiTokensApi.revoke(id),
    onSuccess: async () => {
      setRevoking(null);
      alerts.success(mensajes.tokenApiRevocado);
      await queryClient.invalidateQueries({ queryKey: ['tokensApi'] });
    },
    onError: (error) => alerts.error(error),
  });
  const now = Date.now();

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageTitle
        title="Tokens de API"
        subtitle="Para scripts e integraciones (Node-RED, Grafana, Python): cada token actúa con sus equipos y sus roles, dentro de sus alcances."
        actions={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
            Nuevo token
          </Button>
        }
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        Use el token en la cabecera <code>Authorization: Bearer nexo_pat_…</code>. Ningún token llega a la
        administración, a su cuenta, a compartir equipos ni a la tienda. La documentación de la API está en{' '}
        <a href="/sv/docs" target="_blank" rel="noreferrer">
          /sv/docs
        </a>
        .
      </Alert>
      <Card>
        <TableContainer>
          <Table size="small" aria-label="Tokens de API">
            <TableHead>
              <TableRow>
                <TableCell>Nombre</TableCell>
                <TableCell>Alcances</TableCell>
                <TableCell>Creado</TableCell>
                <TableCell>Vence</TableCell>
                <TableCell>Último uso</TableCell>
                <TableCell>IP del último uso</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {(tokens.data ?? []).map((token) => {
                const vencido = token.vence !== null && token.vence <= now;
                return (
                  <TableRow key={token.id}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {token.nombre}
                      </Typography>
                      <Typography variant="caption" color="textSecondary" sx={{ fontFamily: 'monospace' }}>
                        {token.inicio}…
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                        {token.alcances.map((a) => (
                          <Chip key={a} size="small" label={etiquetasAlcance[a].titulo} />
                        ))}
                      </Box>
                    </TableCell>
                    <TableCell>{fecha(token.creado, '')}</TableCell>
                    <TableCell>
                      {vencido ? (
                        <Chip size="small" color="warning" label="Vencido" />
                      ) : (
                        fecha(token.vence, 'No vence')
                      )}
                    </TableCell>
                    <TableCell>{fecha(token.ultimoUso, 'Nunca')}</TableCell>
                    <TableCell>{token.ultimaIp ?? '—'}</TableCell>
                    <TableCell align="right">
                      <Button color="error" size="small" onClick={() => setRevoking(token)}>
                        Revocar
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
              {tokens.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Typography color="textSecondary" sx={{ py: 2, textAlign: 'center' }}>
                      Todavía no creó tokens de API.
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
      <NewApiTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => void queryClient.invalidateQueries({ queryKey: ['tokensApi'] })}
      />
      <ConfirmDialog
        open={revoking !== null}
        title="Revocar token"
        message={`¿Revocar el token «${revoking?.nombre ?? ''}»? Los scripts que lo usen dejarán de funcionar en el acto.`}
        confirmLabel="Revocar"
        destructive
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onClose={() => setRevoking(null)}
      />
    </Box>
  );
}
