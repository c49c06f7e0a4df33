import 'altcha';
import 'altcha/i18n/es-419';
import { Box, FormHelperText, useTheme } from '@mui/material';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

export interface CaptchaFieldHandle {
  /** A solution is single-use: clear it after every login attempt. */
  reset: () => void;
}

interface CaptchaFieldProps {
  /** Receives the base64 payload when solved, or '' when it is not (or no longer) valid. */
  onChange: (payload: string) => void;
  error?: string | undefined;
}

type AltchaElement = HTMLElement & { reset?: () => void };

/**
 * The self-hosted ALTCHA proof-of-work captcha: the user only ticks the box, the browser does the work
 * against the challenge from /sv/api/captcha.
 */
export const CaptchaField = forwardRef<CaptchaFieldHandle, CaptchaFieldProps>(function CaptchaField(
  { onChange, error },
  ref,
) {
  const widgetRef = useRef<AltchaElement | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const theme = useTheme();

  useImperativeHandle(ref, () => ({
    reset: () => {
      widgetRef.current?.reset?.();
      onChangeRef.current('');
    },
  }));

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    const handleState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : '');
    };
    widget.addEventListener('statechange', handleState);
    return () => widget.removeEventListener('statechange', handleState);
  }, []);

  return (
    <Box data-testid="captcha">
      <altcha-widget
        ref={widgetRef}
        challengeurl="/sv/api/captcha"
        language="es-419"
        hidefooter
        style={{
          '--altcha-max-width': '100%',
          '--altcha-border-radius': `${theme.shape.borderRadius}px`,
          '--altcha-color-base': theme.palette.background.paper,
          '--altcha-color-text': theme.palette.text.primary,
          '--altcha-color-border': error ? theme.palette.error.main : theme.palette.divider,
          '--altcha-color-border-focus': theme.palette.primary.main,
          '--altcha-color-error-text': theme.palette.error.main,
        }}
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
});
