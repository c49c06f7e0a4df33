import { Typography } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { WidgetFrame, WidgetMessage } from './WidgetStates';

/** Shows the value as text: any payload is valid, so there is no numeric check. */
export function TextWidget({
  valor,
  conectado,
  unidad,
  compact = false,
}: {
  valor: string | null | undefined;
  conectado: boolean;
  compact?: boolean | undefined;
  unidad?: string | undefined;
}) {
  const empty = valor === null || valor === undefined || valor === '';
  return (
    <WidgetFrame testId="widget-texto" conectado={conectado}>
      {empty ? (
        <WidgetMessage tone="muted" text={mensajes.sinDatos} />
      ) : (
        <Typography
          data-testid="valor-texto"
          component="div"
          title={valor}
          sx={{
            px: 1,
            maxWidth: '100%',
            textAlign: 'center',
            fontWeight: 700,
            fontSize: valor.length > 24 || compact ? '1rem' : valor.length > 10 ? '1.4rem' : '2rem',
            lineHeight: 1.2,
            overflowWrap: 'anywhere',
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {valor}
          {unidad && (
            <Typography component="span" sx={{ fontSize: '0.5em', color: 'text.secondary', ml: 0.5 }}>
              {unidad}
            </Typography>
          )}
        </Typography>
      )}
    </WidgetFrame>
  );
}
