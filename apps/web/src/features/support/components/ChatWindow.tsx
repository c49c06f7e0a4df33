import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import RemoveRoundedIcon from '@mui/icons-material/RemoveRounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import SupportAgentRoundedIcon from '@mui/icons-material/SupportAgentRounded';
import {
  Box,
  CircularProgress,
  IconButton,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { consultaAdmiteMensajes, consultaLimites, type MensajeConsulta, mensajes } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { type ChatSide, enviarMensaje } from '../api/supportApi';
import { addMensaje, invalidateConsultaLists, useConsulta } from '../api/supportQueries';
import { EstadoConsultaChip } from './EstadoConsultaChip';
import { formatFechaConsulta } from './formatFechaConsulta';

function MessageBubble({
  mensaje,
  mine,
  author,
}: {
  mensaje: MensajeConsulta;
  mine: boolean;
  author: string;
}) {
  return (
    <Box
      role="listitem"
      aria-label={`${author}: ${mensaje.cuerpo}`}
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}
    >
      <Box
        sx={{
          maxWidth: '82%',
          px: 1.5,
          py: 1,
          borderRadius: 2.5,
          borderBottomRightRadius: mine ? 4 : undefined,
          borderBottomLeftRadius: mine ? undefined : 4,
          bgcolor: mine ? 'primary.main' : 'action.hover',
          color: mine ? 'primary.contrastText' : 'text.primary',
        }}
      >
        <Typography variant="caption" sx={{ display: 'block', opacity: 0.8, fontWeight: 600 }}>
          {author}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {mensaje.cuerpo}
        </Typography>
        <Typography variant="caption" sx={{ display: 'block', textAlign: 'right', opacity: 0.7 }}>
          {formatFechaConsulta(mensaje.fecha)}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * The floating chat of one support query (spec 2 §2, §4): its messages, live on both sides, and
 * the input only while the query is Abierta or Respondida. The owner's messages are 'Vos' on the
 * user's side; on the admin side the owner is shown by username and the team as 'Soporte'.
 */
export function ChatWindow({
  id,
  side,
  minimized,
  onToggleMinimized,
  onClose,
}: {
  id: number;
  side: ChatSide;
  minimized: boolean;
  onToggleMinimized: () => void;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const consulta = useConsulta(side, id);
  const [texto, setTexto] = useState('');
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const data = consulta.data;
  const count = data?.mensajes.length ?? 0;

  // Keeps the newest message in sight as messages arrive and when the window is expanded again.
  const scrollKey = `${count}-${minimized}`;
  useEffect(() => {
    const list = listRef.current;
    if (list && scrollKey) list.scrollTop = list.scrollHeight;
  }, [scrollKey]);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const mensaje = texto.trim();
    if (!mensaje || sending) return;
    setSending(true);
    try {
      const saved = await enviarMensaje(side, { id, mensaje });
      addMensaje(client, id, saved);
      setTexto('');
      void invalidateConsultaLists(client);
    } catch (error) {
      alerts.error(error);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  const isMine = (m: MensajeConsulta) => (side === 'usuario' ? m.esMsgDeUser : !m.esMsgDeUser);
  const authorOf = (m: MensajeConsulta) => {
    if (isMine(m)) return mensajes.chatVos;
    return m.esMsgDeUser ? (data?.usuario?.username ?? mensajes.consultaUsuario) : mensajes.chatSoporte;
  };
  const titulo = `Consulta #${id}`;

  return (
    <Paper
      role="dialog"
      aria-label={titulo}
      elevation={8}
      sx={{
        position: 'fixed',
        right: { xs: 12, sm: 20 },
        bottom: 80,
        width: { xs: 'calc(100vw - 24px)', sm: 360 },
        maxHeight: 'calc(100vh - 120px)',
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 3,
        overflow: 'hidden',
        zIndex: (theme) => theme.zIndex.speedDial + 1,
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 1.5, py: 1, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        <SupportAgentRoundedIcon fontSize="small" />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap>
            {titulo}
            {side === 'admin' && data?.usuario ? ` · ${data.usuario.username}` : ''}
          </Typography>
          {data && (
            <Typography variant="caption" noWrap sx={{ display: 'block', opacity: 0.85 }}>
              {data.titulo}
            </Typography>
          )}
        </Box>
        <Tooltip title={mensajes.chatMinimizar}>
          <IconButton
            size="small"
            color="inherit"
            onClick={onToggleMinimized}
            aria-label={mensajes.chatMinimizar}
          >
            <RemoveRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={mensajes.chatCerrarVentana}>
          <IconButton size="small" color="inherit" onClick={onClose} aria-label={mensajes.chatCerrarVentana}>
            <CloseRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {!minimized && (
        <>
          {data && (
            <Box sx={{ px: 1.5, pt: 1 }}>
              <EstadoConsultaChip estado={data.estadoSt} />
            </Box>
          )}
          <Box
            ref={listRef}
            role="list"
            aria-label="Mensajes"
            sx={{
              flex: 1,
              minHeight: 200,
              maxHeight: 340,
              overflowY: 'auto',
              p: 1.5,
              display: 'grid',
              gap: 1,
              alignContent: 'start',
            }}
          >
            {consulta.isPending && <CircularProgress size={24} sx={{ mx: 'auto' }} />}
            {consulta.isError && (
              <Typography variant="body2" color="error">
                {mensajes.consultaNoEncontrada}
              </Typography>
            )}
            {data?.mensajes.length === 0 && (
              <Typography variant="body2" color="textSecondary">
                {mensajes.chatSinMensajes}
              </Typography>
            )}
            {data?.mensajes.map((m) => (
              <MessageBubble key={m.id} mensaje={m} mine={isMine(m)} author={authorOf(m)} />
            ))}
          </Box>
          {data &&
            (consultaAdmiteMensajes(data.estadoSt.id) ? (
              <Box
                component="form"
                onSubmit={send}
                sx={{
                  display: 'flex',
                  gap: 1,
                  alignItems: 'flex-end',
                  p: 1.5,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
                <TextField
                  value={texto}
                  onChange={(event) => setTexto(event.target.value)}
                  onKeyDown={onKeyDown}
                  label={mensajes.chatEscribirMensaje}
                  size="small"
                  multiline
                  maxRows={4}
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: consultaLimites.chatMensajeMax } }}
                />
                <Tooltip title={mensajes.chatEnviar}>
                  <span>
                    <IconButton
                      type="submit"
                      color="primary"
                      aria-label={mensajes.chatEnviar}
                      disabled={sending || texto.trim() === ''}
                    >
                      {sending ? <CircularProgress size={20} /> : <SendRoundedIcon />}
                    </IconButton>
                  </span>
                </Tooltip>
              </Box>
            ) : (
              <Typography
                variant="body2"
                color="textSecondary"
                sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', textAlign: 'center' }}
              >
                {mensajes.chatConsultaCerrada}
              </Typography>
            ))}
        </>
      )}
    </Paper>
  );
}
