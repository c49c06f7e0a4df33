import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import { Chip, Stack, Typography } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import type { ReactNode } from 'react';
import { useWidgetClasses } from './widgetClasses';
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
  const classes = useWidgetClasses();
  return (
    <div
      className={classes.frame}
      data-testid={testId}
      data-conectado={conectado ? 'si' : 'no'}
      aria-disabled={!conectado}
    >
      {children}
    </div>
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
  const classes = useWidgetClasses();
  const size =
    text.length > 12 ? classes.compactLong : text.length > 7 ? classes.compactMedium : classes.compactShort;
  return (
    <div className={classes.compact}>
      <div data-testid="valor-compacto" className={size}>
        {text}
        {unidad && <span className={classes.compactUnit}>{unidad}</span>}
      </div>
      {hint}
    </div>
  );
}

/** 'Rango min – max', plus an out-of-range chip when the raw value lies outside it. */
export function RangeCaption({ range, outOfRange }: { range: Range; outOfRange: boolean }) {
  const classes = useWidgetClasses();
  return (
    <div className={classes.range}>
      <span className={classes.caption}>
        {mensajes.rango} {formatNumber(range.min)} – {formatNumber(range.max)}
      </span>
      {outOfRange && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={mensajes.fueraDeRango}
          sx={{ height: 18, fontSize: 11 }}
        />
      )}
    </div>
  );
}
