import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import { Chip } from '@mui/material';
import { type Licencia, mensajes } from '@nexo/contracts';

/** 'Licencia activa' (+ 'de prueba' when free), or the no-subscription notice. */
export function licenceLabel(token: Licencia | null): string {
  if (!token) return mensajes.sinSuscripcionActiva;
  return token.esGratuito ? `${mensajes.licenciaActiva} ${mensajes.deprueba}` : mensajes.licenciaActiva;
}

export function LicenceBadge({ token, onClick }: { token: Licencia | null; onClick: () => void }) {
  return (
    <Chip
      clickable
      onClick={onClick}
      size="small"
      variant="outlined"
      color={token ? (token.esGratuito ? 'warning' : 'success') : 'default'}
      icon={token ? <VerifiedRoundedIcon /> : <WarningAmberRoundedIcon />}
      label={licenceLabel(token)}
      sx={{ maxWidth: 260 }}
    />
  );
}
