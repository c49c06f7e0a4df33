import { Chip } from '@mui/material';
import { type EstadoActualizacion, etiquetasEstadoActualizacion } from '@nexo/contracts';

const colors: Record<EstadoActualizacion, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  PENDIENTE: 'default',
  NOTIFICADO: 'info',
  DESCARGANDO: 'info',
  DESCARGADO: 'info',
  VERIFICADO: 'info',
  ACTUALIZANDO: 'warning',
  ACTUALIZADO: 'success',
  FALLIDO: 'error',
  CANCELADO: 'default',
};

/** A device update's state in words (DESCARGANDO with its percentage); the colour only repeats it. */
export function textoEstado(estado: EstadoActualizacion, progreso: number | null): string {
  const label = etiquetasEstadoActualizacion[estado];
  return estado === 'DESCARGANDO' && progreso !== null ? `${label} ${progreso} %` : label;
}

export function EstadoActualizacionChip({
  estado,
  progreso,
}: {
  estado: EstadoActualizacion;
  progreso: number | null;
}) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colors[estado]}
      label={textoEstado(estado, progreso)}
      data-estado={estado}
    />
  );
}
