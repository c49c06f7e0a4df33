import { useEffect, useState } from 'react';
import { authApi } from '../api/authApi';

/**
 * Google's client id from the public config, or null while it loads, when it is not configured
 * or when the call fails (no Google button then). A plain request on mount: the login page does
 * without react-query.
 */
export function useGoogleClientId(): string | null {
  const [clientId, setClientId] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    authApi.config().then(
      (config) => {
        if (active) setClientId(config.googleClientId ?? null);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return clientId;
}
