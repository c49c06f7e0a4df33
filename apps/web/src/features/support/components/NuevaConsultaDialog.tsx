import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import {
  type Consulta,
  consultaLimites,
  mensajes,
  NuevaConsultaCamposSchema,
  tipoProblemaCompra,
} from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../../shared/api/httpClient';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { grabarConsulta } from '../api/supportApi';
import { invalidateConsultaLists, useTiposProblema } from '../api/supportQueries';

type FormValues = z.input<typeof NuevaConsultaCamposSchema>;

/**
 * 'Nueva Consulta' (spec 2 §5): tipo de problema and mensaje (2–1000), validated by the same
 * schema as the server. On success the table refreshes and the query's chat opens. With `compraId`
 * it is 'Consulta por compra' (spec 2 §2): the problem type is the purchases one and not asked.
 */
export function NuevaConsultaDialog({
  open,
  onClose,
  onCreated,
  compraId,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (consulta: Consulta) => void;
  compraId?: number | undefined;
}) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const tipos = useTiposProblema();
  const [saving, setSaving] = useState(false);
  const form = useForm<FormValues>({
    resolver: zodResolver(NuevaConsultaCamposSchema),
    defaultValues: { mensaje: '', tipoProblema: compraId ? String(tipoProblemaCompra) : '' },
  });
  const mensaje = form.watch('mensaje') ?? '';

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      const consulta = await grabarConsulta({
        mensaje: values.mensaje,
        tipoProblema: values.tipoProblema,
        ...(compraId ? { esDeCompra: true, compra: compraId } : {}),
      });
      await invalidateConsultaLists(client);
      alerts.success(mensajes.consultaGenerada);
      close();
      onCreated(consulta);
    } catch (error) {
      if (isApiError(error)) {
        for (const item of error.errores) {
          if (item.campo === 'mensaje' || item.campo === 'tipoProblema') {
            form.setError(item.campo, { type: 'server', message: item.mensaje });
          }
        }
      }
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Dialog open={open} onClose={saving ? undefined : close} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>
          {compraId ? `${mensajes.consultaPorCompra} #${compraId}` : mensajes.nuevaConsulta}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {!compraId && (
              <Controller
                control={form.control}
                name="tipoProblema"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label={mensajes.consultaTipoProblema}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={fieldState.error !== undefined}
                    helperText={fieldState.error?.message}
                    required
                    fullWidth
                  >
                    {(tipos.data ?? []).map((tipo) => (
                      <MenuItem key={tipo.id} value={String(tipo.id)}>
                        {tipo.descripcion}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            <TextField
              {...form.register('mensaje')}
              label={mensajes.consultaMensaje}
              multiline
              minRows={4}
              maxRows={12}
              required
              fullWidth
              error={form.formState.errors.mensaje !== undefined}
              helperText={
                form.formState.errors.mensaje?.message ?? `${mensaje.length}/${consultaLimites.mensajeMax}`
              }
            />
          </Stack>
        </DialogContent>
        <FormDialogActions isSaving={saving} onCancel={close} saveLabel={mensajes.chatEnviar} />
      </form>
    </Dialog>
  );
}
