import { MenuItem, Stack, TextField } from '@mui/material';
import { mensajes, type Programa } from '@nexo/contracts';
import { useState } from 'react';
import { SimpleFormDialog } from './SimpleFormDialog';

/** The start-execution modal: the task to begin with ('Debe seleccionar una tarea para comenzar'). */
export function StartRunDialog({
  programa,
  saving,
  onStart,
  onClose,
}: {
  programa: Programa;
  saving: boolean;
  onStart: (idTarea: number) => void;
  onClose: () => void;
}) {
  const [idTarea, setIdTarea] = useState<number | ''>(programa.tareas[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  return (
    <SimpleFormDialog
      title={`${mensajes.iniciarEjecucion}: ${programa.nombre}`}
      saving={saving}
      submitLabel={mensajes.iniciar}
      onSubmit={() => {
        if (idTarea === '') setError(mensajes.seleccionarTareaComienzo);
        else onStart(idTarea);
      }}
      onClose={onClose}
    >
      <Stack sx={{ pt: 1 }}>
        <TextField
          select
          label={mensajes.tareaComienzo}
          value={idTarea}
          onChange={(e) => {
            setIdTarea(Number(e.target.value));
            setError(null);
          }}
          error={error !== null}
          helperText={error}
        >
          {programa.tareas.map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.orden}. {t.nombre}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </SimpleFormDialog>
  );
}
