import { zodResolver } from '@hookform/resolvers/zod';
import {
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { GuardarProductoInputSchema } from '@nexo/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '../../../shared/api/httpClient';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { guardarProducto, type ProductoAdmin } from '../api/adminApi';

type Values = z.input<typeof GuardarProductoInputSchema>;

/** A product of the catalogue: new (no `producto`) or edited. */
export function ProductoDialog({
  producto,
  onClose,
  onSaved,
}: {
  producto: ProductoAdmin | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const alerts = useAlerts();
  const [saving, setSaving] = useState(false);
  const categorias = useQuery({
    queryKey: ['tienda', 'categorias'],
    queryFn: async () =>
      (
        await api.get<{ categorias: Array<{ id: number; descripcion: string }> }>(
          '/ventas/traerCategoriaProductos',
        )
      ).categorias,
  });
  const form = useForm<Values>({
    resolver: zodResolver(GuardarProductoInputSchema),
    defaultValues: producto
      ? { ...producto, categoriaProducto: { id: producto.categoriaProducto.id } }
      : {
          nombre: '',
          descripcion: '',
          modelo: '',
          categoriaProducto: { id: 1 },
          valor: 0,
          stock: 0,
          activo: true,
        },
  });
  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await guardarProducto(values);
      alerts.success('Producto guardado');
      onSaved();
    } catch (error) {
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  });
  const text = (name: 'nombre' | 'descripcion' | 'modelo' | 'valor' | 'stock', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          {...field}
          value={field.value ?? ''}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{producto ? `Editar ${producto.nombre}` : 'Nuevo producto'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {text('nombre', 'Nombre')}
            {text('modelo', 'Modelo')}
            {text('descripcion', 'Descripción')}
            <Controller
              control={form.control}
              name="categoriaProducto"
              render={({ field }) => (
                <TextField
                  select
                  label="Categoría"
                  value={field.value?.id ?? ''}
                  onChange={(event) => field.onChange({ id: Number(event.target.value) })}
                >
                  {(categorias.data ?? []).map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.descripcion}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {text('valor', 'Precio ($)')}
            {text('stock', 'Stock')}
            <Controller
              control={form.control}
              name="activo"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value ?? true}
                      onChange={(event) => field.onChange(event.target.checked)}
                    />
                  }
                  label="A la venta"
                />
              )}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions isSaving={saving} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
