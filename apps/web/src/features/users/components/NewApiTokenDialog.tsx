import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  TextField,
} from '@mui/material';
import {
  type AlcanceTokenApi,
  alcancesTokenApi,
  CrearTokenApiInputSchema,
  etiquetasAlcance,
} from '@nexo/contracts';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/httpClient';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { apiTokensApi } from '../api/usersApi';

const vigencias = [
  { value: '30', label: '30 días' },
  { value: '90', label: '90 días' },
  { value: '365', label: '1 año' },
  { value: 'nunca', label: 'Sin vencimiento' },
];

/**
 * 'Nuevo token de API': name, scopes (each includes the narrower ones) and expiry. The token is
 * shown once, here, with a copy button; the dialog then only closes.
 */
export function NewApiTokenDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const alerts = useAlerts();
  const [nombre, setNombre] = useState('');
  const [alcances, setAlcances] = useState<AlcanceTokenApi[]>(['lectura']);
  const [vigencia, setVigencia] = useState('90');
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<{ token: string; mensaje: string } | null>(null);

  const close = () => {
    setNombre('');
    setAlcances(['lectura']);
    setVigencia('90');
    setErrores({});
    setCreated(null);
    onClose();
  };

  const toggle = (alcance: AlcanceTokenApi, checked: boolean) =>
    setAlcances((current) =>
      checked
        ? alcancesTokenApi.filter((a) => a === alcance || current.includes(a))
        : current.filter((a) => a !== alcance),
    );

  const submit = async () => {
    const body = { nombre, alcances, diasVigencia: vigencia === 'nunca' ? null : Number(vigencia) };
    const parsed = CrearTokenApiInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrores(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? ''), i.message])));
      return;
    }
    setErrores({});
    setSaving(true);
    try {
      const answer = await apiTokensApi.create(parsed.data);
      setCreated({ token: answer.token, mensaje: answer.mensaje });
      onCreated();
    } catch (error) {
      if (isApiError(error) && error.errores?.length)
        setErrores(Object.fromEntries(error.errores.map((e) => [e.campo, e.mensaje])));
      else alerts.error(error);
    } finally {
      setSaving(false);
    }
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      alerts.success('Token copiado');
    } catch {
      alerts.error('No se pudo copiar: selecciónelo y cópielo a mano.');
    }
  };

  return (
    <Dialog open={open} onClose={created ? close : undefined} maxWidth="sm" fullWidth>
      <DialogTitle>{created ? 'Token creado' : 'Nuevo token de API'}</DialogTitle>
      <DialogContent>
        {created ? (
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <Alert severity="warning">{created.mensaje}</Alert>
            <TextField
              label="Token"
              value={created.token}
              slotProps={{
                htmlInput: { readOnly: true, 'aria-label': 'Token', style: { fontFamily: 'monospace' } },
              }}
              onFocus={(e) => e.target.select()}
              fullWidth
            />
            <Box>
              <Button startIcon={<ContentCopyRoundedIcon />} onClick={() => void copy()}>
                Copiar
              </Button>
            </Box>
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <TextField
              label="Nombre"
              value={nombre}
              onChange={(e) => setNombre(e.target.value)}
              error={Boolean(errores.nombre)}
              helperText={errores.nombre ?? 'Para reconocerlo: «Node-RED del galpón», «Grafana»…'}
              autoFocus
              fullWidth
            />
            <FormControl error={Boolean(errores.alcances)}>
              <FormLabel>Alcances</FormLabel>
              <FormGroup>
                {alcancesTokenApi.map((alcance) => (
                  <FormControlLabel
                    key={alcance}
                    control={
                      <Checkbox
                        checked={alcances.includes(alcance)}
                        onChange={(e) => toggle(alcance, e.target.checked)}
                      />
                    }
                    label={`${etiquetasAlcance[alcance].titulo}: ${etiquetasAlcance[alcance].detalle}`}
                  />
                ))}
              </FormGroup>
              {errores.alcances && <FormHelperText>{errores.alcances}</FormHelperText>}
            </FormControl>
            <TextField
              select
              label="Vigencia"
              value={vigencia}
              onChange={(e) => setVigencia(e.target.value)}
              fullWidth
            >
              {vigencias.map((v) => (
                <MenuItem key={v.value} value={v.value}>
                  {v.label}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {created ? (
          <Button variant="contained" onClick={close}>
            Listo
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={saving}>
              Cancelar
            </Button>
            <Button variant="contained" onClick={() => void submit()} disabled={saving}>
              Crear token
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
