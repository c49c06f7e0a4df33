import { Chip } from '@mui/material';
import { estadosConsulta } from '@nexo/contracts';

const colors: Record<number, 'info' | 'success' | 'default' | 'warning'> = {
  [estadosConsulta.abierta]: 'info',
  [estadosConsulta.respondida]: 'success',
  [estadosConsulta.cerrada]: 'default',
  [estadosConsulta.cancelada]: 'warning',
};

/** A query's state (estadoSt) as a small coloured chip. */
export function EstadoConsultaChip({ estado }: { estado: { id: number; descripcion: string } }) {
  return (
    <Chip size="small" label={estado.descripcion} color={colors[estado.id] ?? 'default'} variant="outlined" />
  );
}
