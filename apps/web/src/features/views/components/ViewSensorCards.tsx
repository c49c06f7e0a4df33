import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import RemoveCircleOutlineRoundedIcon from '@mui/icons-material/RemoveCircleOutlineRounded';
import { Box, Card, Grid, IconButton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { mensajes, type Sensor } from '@nexo/contracts';
import { Link as RouterLink } from 'react-router';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import { ConnectionBadge, formatFecha, SensorTypeIcon, valorLegible } from '../../devices';

/**
 * The view's Sensores tab: the widget card variant (spec 1 §2): name, device, connection, last
 * value with its date, a link to the history and removal from the view.
 */
export function ViewSensorCards({
  sensores,
  deviceNames,
  onRemove,
}: {
  sensores: Sensor[];
  deviceNames: Map<number, string>;
  onRemove: (sensor: Sensor) => void;
}) {
  if (sensores.length === 0) {
    return (
      <Typography color="textSecondary" sx={{ py: 6, textAlign: 'center' }}>
        {mensajes.vistaSinSensores}
      </Typography>
    );
  }
  return (
    <Grid container spacing={2}>
      {sensores.map((sensor) => (
        <Grid key={sensor.id} size={{ xs: 12, sm: 6, lg: 4, xl: 3 }}>
          <Card data-testid="tarjeta-sensor-vista" sx={{ p: 2, height: '100%' }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Box
                sx={(t) => ({
                  width: 40,
                  height: 40,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  flexShrink: 0,
                  color: 'primary.main',
                  bgcolor: alpha(t.palette.primary.main, t.palette.mode === 'dark' ? 0.18 : 0.1),
                })}
              >
                <SensorTypeIcon tipo={sensor.tipoSensor.id} />
              </Box>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="subtitle2" noWrap title={sensor.labelUsuario} sx={{ fontWeight: 650 }}>
                  {sensor.labelUsuario}
                </Typography>
                <Typography variant="caption" color="textSecondary" noWrap component="p">
                  {deviceNames.get(sensor.idEquipo) ?? mensajes.equipo} · {sensor.tipoSensor.descripcion}
                </Typography>
              </Box>
              <ConnectionBadge conectado={sensor.conectado} />
            </Stack>
            <Stack direction="row" sx={{ alignItems: 'flex-end', mt: 2 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }} noWrap>
                  {valorLegible(sensor, sensor.ultimoValor)}
                </Typography>
                <Typography variant="caption" color="textSecondary">
                  {formatFecha(sensor.fechaUV)}
                </Typography>
              </Box>
              <LazyTooltip title={mensajes.verGraficos}>
                <IconButton
                  size="small"
                  component={RouterLink}
                  to={`/home/infoSensor?id=${sensor.id}`}
                  aria-label={`${mensajes.verGraficos} ${sensor.labelUsuario}`}
                >
                  <InsightsRoundedIcon fontSize="small" />
                </IconButton>
              </LazyTooltip>
              <LazyTooltip title={mensajes.quitarSensorDeVista}>
                <IconButton
                  size="small"
                  onClick={() => onRemove(sensor)}
                  aria-label={`${mensajes.quitarSensorDeVista}: ${sensor.labelUsuario}`}
                >
                  <RemoveCircleOutlineRoundedIcon fontSize="small" />
                </IconButton>
              </LazyTooltip>
            </Stack>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
