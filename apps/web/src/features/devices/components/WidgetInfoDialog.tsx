import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type Equipo, mensajes, type Sensor } from '@nexo/contracts';
import { useState } from 'react';
import { useAppConfig } from '../../../shared/hooks/useAppConfig';
import { CopyField } from './CopyField';
import { DeviceFirmwareInfo } from './DeviceFirmwareInfo';
import { arduinoSketch, pythonScript } from './deviceCode';

/** Connection data a device needs for this sensor (architecture "Device contract"). */
export function connectionInfo(
  equipo: Pick<Equipo, 'apikey' | 'secret'>,
  sensor: Pick<Sensor, 'nombreNexo'>,
  mqttUrl: string | null,
  origin: string,
) {
  const host = new URL(origin).hostname;
  const server = mqttUrl ?? `mqtt://${host}:1883`;
  const topic = `${equipo.apikey}/${sensor.nombreNexo}`;
  const secret = equipo.secret ?? '';
  const lastValueUrl = `${origin}/sv/dispositivo/${encodeURIComponent(equipo.apikey)}/${encodeURIComponent(sensor.nombreNexo)}`;
  const brokerUrl = new URL(server.replace(/^mqtts?:/, 'http:'));
  const port = brokerUrl.port || '1883';
  return {
    server,
    topic,
    user: equipo.apikey,
    password: secret,
    lastValueUrl,
    mosquittoPub: `mosquitto_pub -h ${brokerUrl.hostname} -p ${port} -u '${equipo.apikey}' -P '${secret}' -t '${topic}' -m '21.5'`,
    mosquittoSub: `mosquitto_sub -h ${brokerUrl.hostname} -p ${port} -u '${equipo.apikey}' -P '${secret}' -t '${topic}/set'`,
    curlGet: `curl -H 'X-Api-Secret: ${secret}' '${lastValueUrl}'`,
    curlPost: `curl -X POST -H 'X-Api-Secret: ${secret}' -H 'Content-Type: text/plain' --data '21.5' '${lastValueUrl}'`,
  };
}

/** The eye-icon modal (owner level only): how a device connects and how to read the last value over HTTP. */
export function WidgetInfoDialog({
  equipo,
  sensor,
  onClose,
}: {
  equipo: Equipo;
  sensor: Sensor | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [tab, setTab] = useState(0);
  const config = useAppConfig();
  if (!sensor) return null;
  const info = connectionInfo(equipo, sensor, config.mqttUrl, window.location.origin);
  const exampleAnswer = JSON.stringify(
    {
      status: 1,
      valor: sensor.ultimoValor ?? '21.5',
      fecha: sensor.fechaUV ?? Date.now(),
      conectado: sensor.conectado,
    },
    null,
    2,
  );
  const errorAnswer = JSON.stringify(
    { status: 2, codigo: 1, mensaje: mensajes.credencialesDispositivoInvalidas },
    null,
    2,
  );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {sensor.labelUsuario}
          <Typography variant="body2" component="span" color="textSecondary" noWrap sx={{ display: 'block' }}>
            {equipo.nombre} · {sensor.tipoSensor.descripcion}
          </Typography>
        </Box>
        <IconButton aria-label={mensajes.cerrar} onClick={onClose}>
          <CloseRoundedIcon />
        </IconButton>
      </DialogTitle>
      <Tabs
        value={tab}
        onChange={(_, v: number) => setTab(v)}
        sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab label={mensajes.conexion} />
        <Tab label={mensajes.funcionalidadAdicional} />
        <Tab label={mensajes.codigoListo} />
        <Tab label={mensajes.firmwarePagina} />
      </Tabs>
      <DialogContent>
        {tab === 0 ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <CopyField label={mensajes.servidorMqtt} value={info.server} />
            <CopyField label={mensajes.topic} value={info.topic} />
            <CopyField label={mensajes.usuario} value={info.user} />
            <CopyField label={mensajes.password} value={info.password} />
            <Typography variant="subtitle2" sx={{ pt: 1 }}>
              {mensajes.ejemploPublicar}
            </Typography>
            <CopyField label="mosquitto_pub" value={info.mosquittoPub} multiline />
            <CopyField label={mensajes.recibirComandos} value={info.mosquittoSub} multiline />
          </Stack>
        ) : tab === 2 ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="textSecondary">
              {mensajes.codigoListoAyuda}
            </Typography>
            <CopyField
              label={mensajes.sketchArduino}
              value={arduinoSketch({ equipo, sensor, server: info.server })}
              multiline
              maxRows={14}
            />
            <CopyField
              label={mensajes.scriptPython}
              value={pythonScript({ equipo, sensor, server: info.server })}
              multiline
              maxRows={14}
            />
          </Stack>
        ) : tab === 3 ? (
          <DeviceFirmwareInfo equipoId={equipo.id} />
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <CopyField label={mensajes.urlUltimoValor} value={`GET ${info.lastValueUrl}`} />
            <Typography variant="subtitle2">{mensajes.ejemploPeticion}</Typography>
            <CopyField label="curl" value={info.curlGet} multiline />
            <Typography variant="subtitle2">{mensajes.ejemploRespuesta}</Typography>
            <CodeBlock text={`HTTP/1.1 200 OK\n${exampleAnswer}`} />
            <CodeBlock text={`HTTP/1.1 401 Unauthorized\n${errorAnswer}`} />
            <Typography variant="subtitle2">{mensajes.publicarPorHttp}</Typography>
            <CopyField label="curl" value={info.curlPost} multiline />
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CodeBlock({ text }: { text: string }) {
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1.5,
        borderRadius: 1.5,
        bgcolor: 'action.hover',
        fontSize: 12.5,
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        overflowX: 'auto',
      }}
    >
      {text}
    </Box>
  );
}
