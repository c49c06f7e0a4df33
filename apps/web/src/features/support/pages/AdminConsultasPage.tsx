import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { type Consulta, estadosConsulta, mensajes } from '@nexo/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useConsultasAdmin } from '../api/supportQueries';
import { openSupportChat } from '../chatStore';
import { ConsultasTable } from '../components/ConsultasTable';
import { useCambiarEstado } from '../hooks/useCambiarEstado';

/**
 * /admin/consultas: the support team's queue. Open queries (or all), live: a new query, a
 * message or a state change refreshes it; each query's chat opens in the floating window.
 */
export function AdminConsultasPage() {
  const [todas, setTodas] = useState(false);
  const consultas = useConsultasAdmin(todas);
  const [closing, setClosing] = useState<Consulta | null>(null);
  const cambiar = useCambiarEstado('admin');

  const close = async () => {
    if (!closing) return;
    if (await cambiar.run(closing.id, estadosConsulta.cerrada)) setClosing(null);
  };

  return (
    <>
      <PageTitle
        title={mensajes.consultasAdmin}
        actions={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={todas ? 'todas' : 'abiertas'}
            onChange={(_event, value: string | null) => {
              if (value) setTodas(value === 'todas');
            }}
          >
            <ToggleButton value="abiertas">{mensajes.consultasSoloAbiertas}</ToggleButton>
            <ToggleButton value="todas">{mensajes.consultasTodas}</ToggleButton>
          </ToggleButtonGroup>
        }
      />
      <ConsultasTable
        consultas={consultas.data ?? []}
        loading={consultas.isPending}
        side="admin"
        emptyText={mensajes.noHayConsultasAbiertas}
        onOpenChat={(consulta) => openSupportChat(consulta.id, 'admin')}
        onEnd={setClosing}
        onReopen={(consulta) => void cambiar.run(consulta.id, estadosConsulta.abierta)}
      />
      <ConfirmDialog
        open={closing !== null}
        title={mensajes.consultaCerrarAccion}
        message={mensajes.consultaCerrarPregunta.replace('{id}', String(closing?.id ?? ''))}
        confirmLabel={mensajes.consultaCerrarAccion}
        cancelLabel={mensajes.cancelar}
        loading={cambiar.loading}
        onConfirm={() => void close()}
        onClose={() => setClosing(null)}
      />
    </>
  );
}
