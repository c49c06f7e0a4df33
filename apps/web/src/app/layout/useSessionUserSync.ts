import { useQuery } from '@tanstack/react-query';
import { reloadSessionUser, sessionUserKey } from '../../shared/api/session';

/** Reloads the session user (licence counters, logo, roles) and keeps the stored copy current. */
export function useSessionUserSync() {
  return useQuery({ queryKey: sessionUserKey, queryFn: reloadSessionUser });
}
