import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useThemeMode } from '../../../shared/hooks/useThemeMode';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize: (options: {
        client_id: string;
        callback: (response: { credential: string }) => void;
      }) => void;
      renderButton: (element: HTMLElement, options: Record<string, unknown>) => void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';
let scriptPromise: Promise<void> | null = null;

function loadGoogleScript(): Promise<void> {
  if (!scriptPromise) {
    scriptPromise = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = SCRIPT_URL;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scriptPromise = null;
        reject(new Error('No se pudo cargar Google'));
      };
      document.head.appendChild(script);
    });
  }
  return scriptPromise;
}

interface GoogleSignInButtonProps {
  clientId: string;
  onCredential: (idToken: string) => void;
}

/** Google Identity Services button; rendered only when the server has a Google client id. */
export function GoogleSignInButton({ clientId, onCredential }: GoogleSignInButtonProps) {
  const container = useRef<HTMLDivElement | null>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;
  const { mode } = useThemeMode();

  useEffect(() => {
    let cancelled = false;
    loadGoogleScript()
      .then(() => {
        const google = window.google;
        if (cancelled || !google || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => callback.current(response.credential),
        });
        google.accounts.id.renderButton(container.current, {
          theme: mode === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          locale: 'es',
          width: Math.min(container.current.clientWidth || 320, 400),
        });
      })
      .catch(() => {
        // Without the script (offline, blocked) the password login still works; nothing to show.
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, mode]);

  return <Box ref={container} sx={{ display: 'flex', justifyContent: 'center', minHeight: 44 }} />;
}
