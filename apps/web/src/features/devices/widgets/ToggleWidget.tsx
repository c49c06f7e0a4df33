import PowerSettingsNewRoundedIcon from '@mui/icons-material/PowerSettingsNewRounded';
import { Stack, Switch, Typography } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { WidgetFrame } from './WidgetStates';

export interface ToggleWidgetProps {
  valor: string | null | undefined;
  conectado: boolean;
  valorEncendido: string | null | undefined;
  valorApagado: string | null | undefined;
  onSend?: ((valor: string) => void) | undefined;
  /** Small card: the switch stays, the decorative icon goes. */
  compact?: boolean | undefined;
}

/**
 * On/off control. It is on when the last value equals valorEncendido and sends valorEncendido
 * or valorApagado. It stays a switch even in the compact card mode (spec: "a toggle stays a toggle").
 */
export function ToggleWidget({
  valor,
  conectado,
  valorEncendido,
  valorApagado,
  onSend,
  compact = false,
}: ToggleWidgetProps) {
  const on =
    valor !== null &&
    valor !== undefined &&
    valorEncendido !== null &&
    valorEncendido !== undefined &&
    valor === valorEncendido;
  const disabled = !conectado || !onSend;
  return (
    <WidgetFrame testId="widget-toggle" conectado={conectado}>
      <Stack spacing={compact ? 0 : 0.5} sx={{ alignItems: 'center' }}>
        {!compact && (
          <PowerSettingsNewRoundedIcon
            sx={{ fontSize: 30, color: on ? 'success.main' : 'text.disabled', transition: 'color 200ms' }}
          />
        )}
        <Switch
          checked={on}
          disabled={disabled}
          onChange={(_, checked) => {
            const next = checked ? valorEncendido : valorApagado;
            if (next !== null && next !== undefined) onSend?.(next);
          }}
          slotProps={{ input: { 'aria-label': on ? mensajes.encendido : mensajes.apagado } }}
          sx={{
            width: 74,
            height: 42,
            p: 1,
            '& .MuiSwitch-switchBase': { p: 1.25, '&.Mui-checked': { transform: 'translateX(32px)' } },
            '& .MuiSwitch-thumb': { width: 22, height: 22 },
            '& .MuiSwitch-track': { borderRadius: 13 },
          }}
          color="success"
        />
        <Typography variant="body2" sx={{ fontWeight: 600, color: on ? 'success.main' : 'text.secondary' }}>
          {on ? mensajes.encendido : mensajes.apagado}
        </Typography>
      </Stack>
    </WidgetFrame>
  );
}
