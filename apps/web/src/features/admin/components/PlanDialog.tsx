import {
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { GuardarPlanInput } from '@nexo/contracts';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/httpClient';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { guardarPlan, type PlanAdmin } from '../api/adminApi';

type Campo = keyof Omit<GuardarPlanInput, 'id' | 'puedeSerGratis' | 'activo'>;

const grupos: Array<{ titulo: string; campos: Array<[Campo, string]> }> = [
  {
    titulo: 'Límites',
    campos: [
      ['cantidadDispositivos', 'Equipos'],
      ['cantidadSensores', 'Sensores'],
      ['cantidadUsuarios', 'Usuarios'],
      ['cantMesesGratis', 'Meses gratis'],
    ],
  },
  {
    titulo: 'Precios con tarjeta ($)',
    campos: [
      ['costo', 'Mensual'],
      ['costoTres', 'Trimestral'],
      ['costoSeis', 'Semestral'],
      ['costoDoce', 'Anual'],
    ],
  },
  {
    titulo: 'Precios con PayPal (USD)',
    campos: [
      ['costoPaypal', 'Mensual'],
      ['costoTresPaypal', 'Trimestral'],
      ['costoSeisPaypal', 'Semestral'],
      ['costoDocePaypal', 'Anual'],
    ],
  },
  {
    titulo: 'Planes de PayPal',
    campos: [
      ['idSuscripcionPaypalUno', 'Mensual'],
      ['idSuscripcionPaypalTres', 'Trimestral'],
      ['idSuscripcionPaypalSeis', 'Semestral'],
      ['idSuscripcionPaypalDoce', 'Anual'],
    ],
  },
];

/** A plan: limits, prices per period in both currencies, PayPal plan ids, trial and sale switches. */
export function PlanDialog({
  plan,
  onClose,
  onSaved,
}: {
  plan: PlanAdmin;
  onClose: () => void;
  onSaved: () => void;
}) {
  const alerts = useAlerts();
  const [values, setValues] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(
      Object.entries(plan).map(([k, v]) => [k, typeof v === 'boolean' ? v : String(v ?? '')]),
    ),
  );
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrores({});
    try {
      const { tipoSuscripcion: _tipo, ...rest } = values;
      await guardarPlan({
        ...(rest as unknown as GuardarPlanInput),
        id: plan.id,
        puedeSerGratis: Boolean(values.puedeSerGratis),
        activo: Boolean(values.activo),
      });
      alerts.success('Plan guardado');
      onSaved();
    } catch (error) {
      if (isApiError(error)) setErrores(Object.fromEntries(error.errores.map((e) => [e.campo, e.mensaje])));
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="md" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>Editar plan {plan.nombre}</DialogTitle>
        <DialogContent>
          <TextField
            label="Nombre"
            value={values.nombre ?? ''}
            onChange={(event) => setValues({ ...values, nombre: event.target.value })}
            error={Boolean(errores.nombre)}
            helperText={errores.nombre}
            sx={{ mt: 1, mb: 2 }}
            fullWidth
          />
          {grupos.map((grupo) => (
            <div key={grupo.titulo}>
              <Typography variant="subtitle2" sx={{ mt: 1, mb: 1 }}>
                {grupo.titulo}
              </Typography>
              <Grid container spacing={1.5}>
                {grupo.campos.map(([campo, label]) => (
                  <Grid key={campo} size={{ xs: 6, md: 3 }}>
                    <TextField
                      size="small"
                      fullWidth
                      label={label}
                      value={values[campo] ?? ''}
                      onChange={(event) => setValues({ ...values, [campo]: event.target.value })}
                      error={Boolean(errores[campo])}
                      helperText={errores[campo]}
                    />
                  </Grid>
                ))}
              </Grid>
            </div>
          ))}
          <FormControlLabel
            sx={{ mt: 2 }}
            control={
              <Switch
                checked={Boolean(values.puedeSerGratis)}
                onChange={(event) => setValues({ ...values, puedeSerGratis: event.target.checked })}
              />
            }
            label="Ofrece prueba gratuita"
          />
          <FormControlLabel
            sx={{ mt: 2 }}
            control={
              <Switch
                checked={Boolean(values.activo)}
                onChange={(event) => setValues({ ...values, activo: event.target.checked })}
              />
            }
            label="A la venta"
          />
        </DialogContent>
        <FormDialogActions isSaving={saving} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
