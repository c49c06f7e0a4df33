import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import type { ReactNode } from 'react';
import { formatNumber, type Range } from './widgetValue';

/** A centred message inside a widget (non-numeric value, bad coordinates, no records). */
export function WidgetMessage({ text, tone = 'warning' }: { text: string; tone?: 'warning' | 'muted' }) {
  return (
    <Stack
      role={tone === 'warning' ? 'alert' : 'status'}
      spacing={0.5}
      sx={{
        alignItems: 'center',
        justifyContent: 'center',
        height: '100%',
        minHeight: 64,
        px: 1,
        textAlign: 'center',
        color: tone === 'warning' ? 'warning.main' : 'text.secondary',
      }}
    >
      {tone === 'warning' && <ErrorOutlineRoundedIcon fontSize="small" />}
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {text}
      </Typography>
    </Stack>
  );
}

/** Wraps every widget: dims it and blocks pointer input while the sensor is not connected. */
export function WidgetFrame({
  conectado,
  children,
  testId,
}: {
  conectado: boolean;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Box
      data-testid={testId}
      data-conectado={conectado ? 'si' : 'no'}
      aria-disabled={!conectado}
      sx={{
        position: 'relative',
        height: '100%',
        width: '100%',
        minHeight: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        opacity: conectado ? 1 : 0.55,
        filter: conectado ? 'none' : 'grayscale(0.6)',
        transition: 'opacity 200ms, filter 200ms',
      }}
    >
      {children}
    </Box>
  );
}

/** The text-only mode used when the card is small: the value, large, with its unit. */
export function CompactValue({
  text,
  unidad,
  hint,
}: {
  text: string;
  unidad?: string | undefined;
  hint?: ReactNode;
}) {
  return (
    <Stack sx={{ alignItems: 'center', justifyContent: 'center', height: '100%', minHeight: 48 }}>
      <Typography
        data-testid="valor-compacto"
        component="div"
        sx={{
          fontSize: text.length > 12 ? '1.05rem' : text.length > 7 ? '1.5rem' : 'clamp(1.5rem, 4vw, 2.25rem)',
          textAlign: 'center',
          overflowWrap: 'anywhere',
          fontWeight: 700,
          lineHeight: 1.1,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {text}
        {unidad && (
          <Typography
            component="span"
            sx={{ fontSize: '0.5em', fontWeight: 500, ml: 0.5, color: 'text.secondary' }}
          >
            {unidad}
          </Typography>
        )}
      </Typography>
      {hint}
    </Stack>
  );
}

/** 'Rango min – max', plus an out-of-range chip when the raw value lies outside it. */
export function RangeCaption({ range, outOfRange }: { range: Range; outOfRange: boolean }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', justifyContent: 'center', mt: 0.25 }}>
      <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {mensajes.rango} {formatNumber(range.min)} – {formatNumber(range.max)}
      </Typography>
      {outOfRange && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={mensajes.fueraDeRango}
          sx={{ height: 18, fontSize: 11 }}
        />
      )}
    </Stack>
  );
}
