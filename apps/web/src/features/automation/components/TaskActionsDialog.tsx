import {
  type AccionEventoInput,
  type ListadoGeneralEvento,
  mensajes,
  momentosAccion,
  type Tarea,
  TareaAccionesInputSchema,
} from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { automationKeys } from '../api/automationQueries';
import { grabarAccionesTarea } from '../api/eventsApi';
import { ActionsEditor, nuevaAccion } from './ActionsEditor';
import { type FieldErrors, serverErrors, zodErrors } from './formErrors';
import { SimpleFormDialog } from './SimpleFormDialog';

/** A task's initial (type 1) or final (type 2) actions: the event action rules, without the information ones. */
export function TaskActionsDialog({
  tarea,
  momento,
  catalogos,
  permiteAccionPropia,
  onClose,
}: {
  tarea: Tarea;
  momento: number;
  catalogos: Omit<ListadoGeneralEvento, 'status'>;
  permiteAccionPropia: boolean;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const current = momento === momentosAccion.inicial ? tarea.accionesIniciales : tarea.accionesFinales;
  const [acciones, setAcciones] = useState<AccionEventoInput[]>(() =>
    current.length > 0
      ? current.map((a) => ({
          tipoAccion: { id: a.tipoAccion.id },
          tiposNotificaciones: a.tiposNotificaciones.map((t) => t.id),
          tiposInformaciones: [],
          sensores: a.sensores.map((s) => s.id),
          accionesColectivas: a.accionesColectivas.map((c) => c.id),
          tipoAccionColectiva: a.tipoAccionColectiva ? { id: a.tipoAccionColectiva.id } : null,
          valor: a.valor,
          minutosEspera: null,
        }))
      : [nuevaAccion()],
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const input = { idTarea: tarea.id, idPrograma: tarea.programa.id, tipoAccion: momento, acciones };
    const found = zodErrors(TareaAccionesInputSchema.safeParse(input));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const programa = await grabarAccionesTarea(input);
      client.setQueryData(automationKeys.programa(tarea.programa.id), programa);
      alerts.success(mensajes.valoresActualizados);
      onClose();
    } catch (error) {
      setErrors(serverErrors(error));
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <SimpleFormDialog
      title={`${momento === momentosAccion.inicial ? mensajes.accionesIniciales : mensajes.accionesFinales}: ${tarea.nombre}`}
      saving={saving}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxWidth="md"
    >
      <ActionsEditor
        acciones={acciones}
        onChange={setAcciones}
        contexto="tarea"
        catalogos={catalogos}
        permiteAccionPropia={permiteAccionPropia}
        errors={errors}
      />
    </SimpleFormDialog>
  );
}
