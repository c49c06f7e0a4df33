import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import {
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  extensionesFirmware,
  extensionFirmware,
  mensajes,
  type Paquete,
  PaqueteSubirQuerySchema,
} from '@nexo/contracts';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../shared/api/httpClient';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { useTiposEquipo } from '../../devices';
import { subirPaquete } from '../api/firmwareApi';
import { formatTamano } from './formatos';

type Campo = 'titulo' | 'version' | 'tipoEquipo' | 'notas' | 'archivo';

/** 'Subir paquete': the binary, its title, version, device type and notes; the server computes the SHA-256. */
export function SubirPaqueteDialog({
  open,
  tamanoMaximo,
  onClose,
  onUploaded,
}: {
  open: boolean;
  tamanoMaximo: number;
  onClose: () => void;
  onUploaded: (paquete: Paquete) => void;
}) {
  const tipos = useTiposEquipo();
  const [titulo, setTitulo] = useState('');
  const [version, setVersion] = useState('');
  const [tipoEquipo, setTipoEquipo] = useState<number | ''>('');
  const [notas, setNotas] = useState('');
  const [archivo, setArchivo] = useState<File | null>(null);
  const [errores, setErrores] = useState<Partial<Record<Campo, string>>>({});
  const [saving, setSaving] = useState(false);

  const close = () => {
    if (saving) return;
    setErrores({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Campo, string>> = {};
    const parsed = PaqueteSubirQuerySchema.safeParse({
      titulo,
      version,
      tipoEquipo: tipoEquipo === '' ? undefined : tipoEquipo,
      notas,
      archivo: archivo?.name ?? '',
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const campo = issue.path[0] as Campo;
        found[campo] ??= issue.message;
      }
    if (!archivo) found.archivo = mensajes.requerido;
    else if (!extensionFirmware(archivo.name)) found.archivo = mensajes.firmwareTipoArchivo;
    else if (archivo.size === 0) found.archivo = mensajes.firmwareVacio;
    else if (archivo.size > tamanoMaximo)
      found.archivo = mensajes.firmwareDemasiadoGrande(
        (tamanoMaximo / (1024 * 1024)).toLocaleString('es-AR'),
      );
    setErrores(found);
    if (Object.keys(found).length > 0 || !archivo || tipoEquipo === '') return;
    setSaving(true);
    try {
      const paquete = await subirPaquete({ titulo, version, tipoEquipo, notas, archivo });
      setTitulo('');
      setVersion('');
      setNotas('');
      setArchivo(null);
      onUploaded(paquete);
    } catch (error) {
      setErrores({ archivo: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle>{mensajes.firmwareSubirPaquete}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Box>
              <Button component="label" variant="outlined" startIcon={<UploadFileRoundedIcon />}>
                {mensajes.firmwareElegirArchivo}
                <input
                  hidden
                  type="file"
                  aria-label={mensajes.firmwareArchivo}
                  accept={extensionesFirmware.join(',')}
                  onChange={(e) => setArchivo(e.target.files?.[0] ?? null)}
                />
              </Button>
              <Typography
                variant="body2"
                color={errores.archivo ? 'error' : 'text.secondary'}
                sx={{ mt: 1 }}
                role={errores.archivo ? 'alert' : undefined}
              >
                {errores.archivo ??
                  (archivo
                    ? `${archivo.name} · ${formatTamano(archivo.size)}`
                    : mensajes.firmwareTamanoMaximo((tamanoMaximo / (1024 * 1024)).toLocaleString('es-AR')))}
              </Typography>
            </Box>
            <TextField
              label={mensajes.firmwareTituloCampo}
              value={titulo}
              onChange={(e) => setTitulo(e.target.value)}
              error={Boolean(errores.titulo)}
              helperText={errores.titulo}
              required
            />
            <TextField
              label={mensajes.firmwareVersionCampo}
              value={version}
              onChange={(e) => setVersion(e.target.value)}
              error={Boolean(errores.version)}
              helperText={errores.version}
              required
            />
            <TextField
              select
              label={mensajes.firmwareTipoEquipoCampo}
              value={tipoEquipo}
              onChange={(e) => setTipoEquipo(Number(e.target.value))}
              error={Boolean(errores.tipoEquipo)}
              helperText={errores.tipoEquipo}
              required
            >
              {(tipos.data ?? []).map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.descripcion}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={mensajes.firmwareNotas}
              value={notas}
              onChange={(e) => setNotas(e.target.value)}
              error={Boolean(errores.notas)}
              helperText={errores.notas}
              multiline
              minRows={2}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions isSaving={saving} onCancel={close} saveLabel={mensajes.firmwareSubirPaquete} />
      </Box>
    </Dialog>
  );
}
