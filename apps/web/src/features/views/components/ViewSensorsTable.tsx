import RemoveCircleOutlineRoundedIcon from '@mui/icons-material/RemoveCircleOutlineRounded';
import { IconButton, Tooltip } from '@mui/material';
import { mensajes, type Sensor } from '@nexo/contracts';
import { SensorsTable } from '../../devices';

/** The view's Listado tab: the devices' sensors table with the device column and 'Quitar de la vista'. */
export function ViewSensorsTable({
  nombre,
  sensores,
  deviceNames,
  onRemove,
}: {
  nombre: string;
  sensores: Sensor[];
  deviceNames: Map<number, string>;
  onRemove: (sensor: Sensor) => void;
}) {
  return (
    <SensorsTable
      sensores={sensores}
      label={`${mensajes.sensores} de ${nombre}`}
      emptyText={mensajes.vistaSinSensores}
      deviceNames={deviceNames}
      pageSizeKey="vistaSensores"
      actions={(s) => (
        <Tooltip title={mensajes.quitarSensorDeVista}>
          <IconButton
            size="small"
            onClick={() => onRemove(s)}
            aria-label={`${mensajes.quitarSensorDeVista}: ${s.labelUsuario}`}
          >
            <RemoveCircleOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    />
  );
}
