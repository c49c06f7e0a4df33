import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { Box, CircularProgress, FormHelperText, type Theme, Typography } from '@mui/material';
import { type CaptchaChallenge, mensajes } from '@nexo/contracts';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { solveProofOfWork } from './proofOfWork';

export interface CaptchaFieldHandle {
  /** A solution is single-use: clear it after every login attempt. */
  reset: () => void;
  /** Ticks the box: what a click on it does. */
  verify: () => void;
}

interface CaptchaFieldProps {
  /** Receives the base64 payload when solved, or '' when it is not (or no longer) valid. */
  onChange: (payload: string) => void;
  error?: string | undefined;
}

type State = 'idle' | 'verifying' | 'verified' | 'failed';

/** Runs the proof of work in a worker (a module worker, loaded only when the box is ticked). */
function solveInWorker(challenge: CaptchaChallenge): Promise<number | null> {
  const max = challenge.maxnumber ?? 1_000_000;
  try {
    const worker = new Worker(new URL('./captcha.worker.ts', import.meta.url), { type: 'module' });
    return new Promise((resolve) => {
      worker.onmessage = (event: MessageEvent<{ number: number | null }>) => {
        worker.terminate();
        resolve(event.data.number);
      };
      worker.onerror = () => {
        worker.terminate();
        resolve(solveProofOfWork(challenge.salt, challenge.challenge, max));
      };
      worker.postMessage({ salt: challenge.salt, challenge: challenge.challenge, maxnumber: max });
    });
  } catch {
    return solveProofOfWork(challenge.salt, challenge.challenge, max);
  }
}

/**
 * The self-hosted ALTCHA proof-of-work captcha (the server's /sv/api/captcha challenge): the user
 * only ticks the box and the browser does the work. Built here rather than with the ALTCHA widget,
 * which weighs about 30 KB on the login page.
 */
export const CaptchaField = forwardRef<CaptchaFieldHandle, CaptchaFieldProps>(function CaptchaField(
  { onChange, error },
  ref,
) {
  const [state, setState] = useState<State>('idle');
  const attempt = useRef(0);

  useImperativeHandle(ref, () => ({
    reset: () => {
      attempt.current++;
      setState('idle');
      onChange('');
    },
    verify: () => void verify(),
  }));

  const verify = async () => {
    const current = ++attempt.current;
    setState('verifying');
    try {
      const started = performance.now();
      const response = await fetch('/sv/api/captcha', { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(String(response.status));
      const challenge = (await response.json()) as CaptchaChallenge;
      const number = await solveInWorker(challenge);
      if (current !== attempt.current) return;
      if (number === null) throw new Error('sin solución');
      const payload = btoa(
        JSON.stringify({
          algorithm: challenge.algorithm,
          challenge: challenge.challenge,
          number,
          salt: challenge.salt,
          signature: challenge.signature,
          took: Math.round(performance.now() - started),
        }),
      );
      setState('verified');
      onChange(payload);
    } catch {
      if (current !== attempt.current) return;
      setState('failed');
      onChange('');
    }
  };

  return (
    <Box data-testid="captcha" data-state={state}>
      <Box
        sx={(t) => ({
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1,
          py: 0.5,
          border: 1,
          borderRadius: `${t.shape.borderRadius}px`,
          borderColor: error || state === 'failed' ? 'error.main' : 'divider',
          bgcolor: 'background.paper',
          minHeight: 52,
        })}
      >
        <Box sx={{ width: 42, height: 42, display: 'grid', placeItems: 'center' }}>
          {state === 'verifying' ? (
            <CircularProgress size={22} aria-label={mensajes.verificando} />
          ) : state === 'verified' ? (
            <CheckCircleRoundedIcon color="success" aria-hidden="true" />
          ) : (
            // The browser's own checkbox: MUI's would add 1.3 KB to /login for one box.
            <Box
              component="input"
              type="checkbox"
              checked={false}
              onChange={() => void verify()}
              aria-label={mensajes.noSoyUnRobot}
              sx={{
                width: 22,
                height: 22,
                m: 0,
                cursor: 'pointer',
                accentColor: (t: Theme) => t.palette.primary.main,
              }}
            />
          )}
        </Box>
        <Typography variant="body2" role={state === 'verified' ? 'status' : undefined}>
          {state === 'verified'
            ? mensajes.verificado
            : state === 'verifying'
              ? mensajes.verificando
              : mensajes.noSoyUnRobot}
        </Typography>
      </Box>
      {state === 'failed' && <FormHelperText error>{mensajes.captchaNoVerificado}</FormHelperText>}
      {error && state !== 'failed' && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
});
