import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type Carpeta, type Despliegue, mensajes, type Paquete, rolesEquipo } from '@nexo/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import { errorMessage } from '../../../shared/api/httpClient';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { useCarpetas, useEquipos } from '../../devices';
import { crearDespliegue } from '../api/firmwareApi';

type Destino = 'equipo' | 'carpeta' | 'tipo';

function flatten(carpeta: Carpeta | undefined, depth = 0): Array<{ id: number; nombre: string }> {
  if (!carpeta) return [];
  return [
    { id: carpeta.id, nombre: `${'— '.repeat(depth)}${carpeta.nombre}` },
    ...carpeta.carpetasHijas.flatMap((hija) => flatten(hija, depth + 1)),
  ];
}

/** 'Desplegar': a package to one device, a folder (and its subfolders) or every device of its type. */
export function DesplegarDialog({
  paquete,
  onClose,
  onCreated,
}: {
  paquete: Paquete;
  onClose: () => void;
  onCreated: (despliegue: Despliegue) => void;
}) {
  const equipos = useEquipos();
  const carpetas = useCarpetas();
  const [destino, setDestino] = useState<Destino>('equipo');
  const [equipo, setEquipo] = useState<number | ''>('');
  const [carpeta, setCarpeta] = useState<number | ''>('');
  const [ritmo, setRitmo] = useState('100');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Only the devices the user owns or administers, of the package's type (or without a type).
  const candidatos = useMemo(
    () =>
      (equipos.data ?? []).filter(
        (e) =>
          (e.idRol === rolesEquipo.propietario || e.idRol === rolesEquipo.administrador) &&
          (e.tipoEquipo === null || e.tipoEquipo.id === paquete.tipoEquipo.id),
      ),
    [equipos.data, paquete.tipoEquipo.id],
  );
  const folders = useMemo(() => flatten(carpetas.data), [carpetas.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const id = destino === 'equipo' ? equipo : destino === 'carpeta' ? carpeta : paquete.tipoEquipo.id;
    if (id === '') {
      setError(mensajes.requerido);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const created = await crearDespliegue({
        idPaquete: paquete.id,
        destino: { tipo: destino, id },
        ritmo: Math.max(1, Number(ritmo) || 100),
      });
      onCreated(created);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle>
          {mensajes.firmwareDesplegar} {paquete.titulo} {paquete.version}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <RadioGroup
              aria-label={mensajes.firmwareDestino}
              value={destino}
              onChange={(e) => setDestino(e.target.value as Destino)}
            >
              <FormControlLabel value="equipo" control={<Radio />} label={mensajes.firmwareDestinoEquipo} />
              <FormControlLabel value="carpeta" control={<Radio />} label={mensajes.firmwareDestinoCarpeta} />
              <FormControlLabel
                value="tipo"
                control={<Radio />}
                label={`${mensajes.firmwareDestinoTipo} ${paquete.tipoEquipo.descripcion}`}
              />
            </RadioGroup>
            {destino === 'equipo' && (
              <TextField
                select
                label={mensajes.firmwareEquipo}
                value={equipo}
                onChange={(e) => setEquipo(Number(e.target.value))}
                required
              >
                {candidatos.map((e) => (
                  <MenuItem key={e.id} value={e.id}>
                    {e.nombre}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {destino === 'carpeta' && (
              <TextField
                select
                label={mensajes.firmwareCarpeta}
                value={carpeta}
                onChange={(e) => setCarpeta(Number(e.target.value))}
                required
              >
                {folders.map((f) => (
                  <MenuItem key={f.id} value={f.id}>
                    {f.nombre}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label={mensajes.firmwareRitmo}
              type="number"
              value={ritmo}
              onChange={(e) => setRitmo(e.target.value)}
              helperText={mensajes.firmwareRitmoAyuda}
              slotProps={{ htmlInput: { min: 1, max: 100000 } }}
            />
            {error && (
              <Typography color="error" role="alert" variant="body2">
                {error}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <FormDialogActions isSaving={saving} onCancel={onClose} saveLabel={mensajes.firmwareDesplegar} />
      </Box>
    </Dialog>
  );
}
