import ChatRoundedIcon from '@mui/icons-material/ChatRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import LockOpenRoundedIcon from '@mui/icons-material/LockOpenRounded';
import { IconButton, Tooltip } from '@mui/material';
import { type Consulta, consultaAdmiteMensajes, mensajes } from '@nexo/contracts';
import { ResponsiveTable, type TableColumn } from '../../../shared/ui/ResponsiveTable';
import { EstadoConsultaChip } from './EstadoConsultaChip';
import { formatFechaConsulta } from './formatFechaConsulta';

/**
 * The queries table (spec 2 §2: Id, Fecha Inicio, Estado, Titulo, Tipo problema, Acciones), with
 * the spec's page sizes. The admin list adds the user column; its close action is 'Cerrar
 * consulta' and a closed query can be reopened.
 */
export function ConsultasTable({
  consultas,
  loading,
  side,
  emptyText,
  onOpenChat,
  onEnd,
  onReopen,
}: {
  consultas: Consulta[];
  loading: boolean;
  side: 'usuario' | 'admin';
  emptyText: string;
  onOpenChat: (consulta: Consulta) => void;
  /** Cancel (user) or close (admin) an open query. */
  onEnd: (consulta: Consulta) => void;
  onReopen?: (consulta: Consulta) => void;
}) {
  const endLabel = side === 'admin' ? mensajes.consultaCerrarAccion : mensajes.consultaCancelar;
  const columns: TableColumn<Consulta>[] = [
    { id: 'id', label: 'Id', value: (c) => c.id },
    {
      id: 'fecha',
      label: mensajes.consultaFechaInicio,
      value: (c) => c.fecha,
      render: (c) => formatFechaConsulta(c.fecha),
      nowrap: true,
    },
    ...(side === 'admin'
      ? [
          {
            id: 'usuario',
            label: mensajes.consultaUsuario,
            value: (c: Consulta) => c.usuario?.username ?? '',
          },
        ]
      : []),
    {
      id: 'estado',
      label: mensajes.consultaEstado,
      value: (c) => c.estadoSt.descripcion,
      render: (c) => <EstadoConsultaChip estado={c.estadoSt} />,
    },
    { id: 'titulo', label: mensajes.consultaTitulo, value: (c) => c.titulo, phone: 'title' },
    { id: 'tipoProblema', label: mensajes.consultaTipoProblema, value: (c) => c.tipoProblemaSt.descripcion },
  ];
  return (
    <ResponsiveTable
      label={side === 'admin' ? mensajes.consultasAdmin : mensajes.misConsultas}
      rows={consultas}
      rowKey={(c) => c.id}
      columns={columns}
      loading={loading}
      emptyText={emptyText}
      defaultSort={{ column: 'fecha', direction: 'desc' }}
      pageSizeKey={side === 'admin' ? 'consultasAdmin' : 'consultas'}
      actions={(c) => (
        <>
          <Tooltip title={mensajes.consultaAbrirChat}>
            <IconButton
              size="small"
              onClick={() => onOpenChat(c)}
              aria-label={`${mensajes.consultaAbrirChat} #${c.id}`}
            >
              <ChatRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {consultaAdmiteMensajes(c.estadoSt.id) && (
            <Tooltip title={endLabel}>
              <IconButton size="small" onClick={() => onEnd(c)} aria-label={`${endLabel} #${c.id}`}>
                <CloseRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {onReopen && !consultaAdmiteMensajes(c.estadoSt.id) && (
            <Tooltip title={mensajes.consultaReabrir}>
              <IconButton
                size="small"
                onClick={() => onReopen(c)}
                aria-label={`${mensajes.consultaReabrir} #${c.id}`}
              >
                <LockOpenRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </>
      )}
    />
  );
}
