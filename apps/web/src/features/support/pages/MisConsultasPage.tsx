import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { Button } from '@mui/material';
import { type Consulta, estadosConsulta, mensajes } from '@nexo/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useMisConsultas } from '../api/supportQueries';
import { openSupportChat } from '../chatStore';
import { ConsultasTable } from '../components/ConsultasTable';
import { NuevaConsultaDialog } from '../components/NuevaConsultaDialog';
import { useCambiarEstado } from '../hooks/useCambiarEstado';

/**
 * /perfil/misConsultas (spec 2 §2): the user's queries, 'Nueva Consulta', open a query's chat,
 * cancel it. `?id=` (a notification of origin consulta) opens that query's chat.
 */
export function MisConsultasPage() {
  const consultas = useMisConsultas();
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<Consulta | null>(null);
  const cambiar = useCambiarEstado('usuario');
  const [params, setParams] = useSearchParams();
  const idParam = Number(params.get('id'));

  useEffect(() => {
    if (Number.isInteger(idParam) && idParam > 0) {
      openSupportChat(idParam);
      setParams({}, { replace: true });
    }
  }, [idParam, setParams]);

  const cancel = async () => {
    if (!cancelling) return;
    if (await cambiar.run(cancelling.id, estadosConsulta.cancelada)) setCancelling(null);
  };

  return (
    <>
      <PageTitle
        title={mensajes.misConsultas}
        actions={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
            {mensajes.nuevaConsulta}
          </Button>
        }
      />
      <ConsultasTable
        consultas={consultas.data ?? []}
        loading={consultas.isPending}
        side="usuario"
        emptyText={mensajes.noHayConsultas}
        onOpenChat={(consulta) => openSupportChat(consulta.id)}
        onEnd={setCancelling}
      />
      <NuevaConsultaDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(consulta) => openSupportChat(consulta.id)}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={mensajes.consultaCancelar}
        message={mensajes.consultaCancelarPregunta.replace('{id}', String(cancelling?.id ?? ''))}
        confirmLabel={mensajes.consultaCancelar}
        cancelLabel={mensajes.cerrar}
        destructive
        loading={cambiar.loading}
        onConfirm={() => void cancel()}
        onClose={() => setCancelling(null)}
      />
    </>
  );
}
