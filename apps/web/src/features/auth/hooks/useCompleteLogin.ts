import type { TokenResponse } from '@nexo/contracts';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearServerState } from '../../../shared/api/serverState';
import { landingPathFor, sessionStore } from '../../../shared/api/session';
import type { LoginRedirectState } from '../loginRedirect';

/** Stores the new session and goes back where the user was going, or to their landing page. */
export function useCompleteLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as LoginRedirectState | null)?.from;
  return useCallback(
    (response: TokenResponse) => {
      clearServerState();
      sessionStore.saveTokens(response);
      const target = from && !from.startsWith('/login') && !from.startsWith('/logout') ? from : null;
      navigate(target ?? landingPathFor(response.usuario), { replace: true });
    },
    [from, navigate],
  );
}
