import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { type Licencia, mensajes } from '@nexo/contracts';
import { Link as RouterLink } from 'react-router';
import { formatFecha } from '../../../shared/format/fechas';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';

type LicenceDialogProps = { open: boolean; onClose: () => void } & (
  | {
      token: Licencia | null;
      /** Company users never see the shop (spec 1 §6). */
      showShopLink: boolean;
    }
  | {
      /** Why the licence refused an action, such as another sensor (spec 1 §8). */
      refusal: string;
    }
);

function UsageRow({ label, used, limit }: { label: string; used: number; limit: number }) {
  const percent = limit > 0 ? Math.min(100, (used / limit) * 100) : 0;
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" color="textSecondary">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {used} / {limit}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={label}
        color={percent >= 100 ? 'error' : percent >= 80 ? 'warning' : 'primary'}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/**
 * The licence: with `token`, the active subscription's plan, limits and what is already used;
 * with `refusal`, 'No permitido' and the reason the licence refused an action, with only a close button.
 */
export function LicenceDialog(props: LicenceDialogProps) {
  if ('refusal' in props) {
    return (
      <ConfirmDialog
        open={props.open}
        title={mensajes.noPermitido}
        message={props.refusal}
        confirmLabel={mensajes.cerrar}
        hideCancel
        onConfirm={props.onClose}
        onClose={props.onClose}
      />
    );
  }
  const { open, token, showShopLink, onClose } = props;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="licencia-titulo">
      <DialogTitle id="licencia-titulo">Licencia</DialogTitle>
      <DialogContent>
        {token ? (
          <Stack spacing={2.5}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <VerifiedRoundedIcon color="success" fontSize="large" />
              <Box>
                <Typography variant="subtitle1">{token.nombrePlan}</Typography>
                <Typography variant="body2" color="textSecondary">
                  Suscripción {token.tipoSuscripcion.descripcion}
                </Typography>
              </Box>
              <Box sx={{ flex: 1 }} />
              <Chip
                size="small"
                color={token.esGratuito ? 'warning' : 'success'}
                label={token.esGratuito ? mensajes.deprueba : 'Paga'}
              />
            </Box>
            <UsageRow label="Equipos" used={token.cantEquiposAsignados} limit={token.cantidadDispositivos} />
            <UsageRow label="Sensores" used={token.cantSensoresAsignados} limit={token.cantidadSensores} />
            <UsageRow label="Usuarios" used={token.cantUsuariosAsignados} limit={token.cantidadUsuarios} />
            <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
              <Typography variant="body2" color="textSecondary">
                Válida hasta
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {token.fechaHasta ? formatFecha(token.fechaHasta) : 'Sin vencimiento'}
              </Typography>
            </Box>
            {token.cancelacionSolicitada && (
              <Typography variant="body2" color="warning.main">
                Cancelación solicitada: la licencia sigue vigente hasta la fecha indicada.
              </Typography>
            )}
          </Stack>
        ) : (
          <Box sx={{ textAlign: 'center', py: 2 }}>
            <WarningAmberRoundedIcon color="warning" sx={{ fontSize: 48, mb: 1 }} />
            <Typography>{mensajes.sinSuscripcionActiva}</Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {showShopLink && (
          <Button component={RouterLink} to="/tienda/suscripcion" onClick={onClose}>
            Ver planes
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
