import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import { IconButton } from '@mui/material';
import { type Equipo, mensajes } from '@nexo/contracts';
import { useState } from 'react';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import { useEquipo } from '../api/devicesQueries';
import { devicePermissions } from '../permissions';
import { type SensorDialog, SensorDialogs } from './SensorDialogs';
import { SensorsTable } from './SensorsTable';

/** The device's Listado tab: the sensors' table, with information, edit and delete for the owner level. */
export function DeviceSensorsTable({ equipo: shown }: { equipo: Equipo }) {
  // The page's device does not follow the live values (useDashboardEquipo); the column of last
  // values does, from the device's query.
  const equipo = useEquipo(shown.id).data ?? shown;
  const permisos = devicePermissions(equipo.idRol);
  const [dialog, setDialog] = useState<SensorDialog | null>(null);
  return (
    <>
      <SensorsTable
        sensores={equipo.sensores}
        label={`${mensajes.sensores} de ${equipo.nombre}`}
        emptyText={mensajes.noHayWidgets}
        pageSizeKey="sensores"
        actions={
          permisos.canManageWidgets
            ? (s) => (
                <>
                  <LazyTooltip title={mensajes.informacion}>
                    <IconButton
                      size="small"
                      onClick={() => setDialog({ kind: 'info', sensor: s })}
                      aria-label={`${mensajes.informacion} ${s.labelUsuario}`}
                    >
                      <VisibilityRoundedIcon fontSize="small" />
                    </IconButton>
                  </LazyTooltip>
                  <LazyTooltip title={mensajes.editar}>
                    <IconButton
                      size="small"
                      onClick={() => setDialog({ kind: 'edit', sensor: s })}
                      aria-label={`${mensajes.editar} ${s.labelUsuario}`}
                    >
                      <EditRoundedIcon fontSize="small" />
                    </IconButton>
                  </LazyTooltip>
                  <LazyTooltip title={mensajes.eliminar}>
                    <IconButton
                      size="small"
                      onClick={() => setDialog({ kind: 'delete', sensor: s })}
                      aria-label={`${mensajes.eliminar} ${s.labelUsuario}`}
                    >
                      <DeleteOutlineRoundedIcon fontSize="small" />
                    </IconButton>
                  </LazyTooltip>
                </>
              )
            : undefined
        }
      />
      <SensorDialogs equipo={equipo} dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
