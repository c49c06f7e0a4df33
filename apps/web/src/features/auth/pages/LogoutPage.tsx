import { Box, CircularProgress } from '@mui/material';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { clearServerState } from '../../../shared/api/serverState';
import { logout } from '../../../shared/api/session';

/** /logout: revoke the refresh token, forget cached data and go to /login. */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    void logout().then(() => {
      clearServerState();
      if (!cancelled) navigate('/login', { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Cerrando sesión" />
    </Box>
  );
}
