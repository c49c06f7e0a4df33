import type { UsuarioSesion } from '@nexo/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../shared/api/httpClient';
import { sessionStore, sessionUserKey } from '../../shared/api/session';

/** Reloads the session user (licence counters, logo, roles) and keeps the stored copy current. */
export function useSessionUserSync() {
  const query = useQuery({
    queryKey: sessionUserKey,
    queryFn: () =>
      api.get<{ status: 1; usuario: UsuarioSesion }>('/api/usuario/').then((body) => body.usuario),
  });
  useEffect(() => {
    if (query.data) sessionStore.updateUsuario(query.data);
  }, [query.data]);
  return query;
}
