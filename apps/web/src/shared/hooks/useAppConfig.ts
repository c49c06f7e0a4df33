import { useQuery } from '@tanstack/react-query';
import { api } from '../api/httpClient';

/** Public settings the widgets need: map tiles and the broker address shown to users. */
export interface AppConfig {
  tileUrl: string;
  tileAttribution: string;
  mqttUrl: string | null;
  publicUrl: string | null;
  /** The Telegram bot's username (no @), or null. */
  telegramBot: string | null;
}

export const defaultTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

interface ConfigAnswer {
  status: 1;
  tileUrl?: string | null;
  tileAttribution?: string | null;
  mqttUrl?: string | null;
  publicUrl?: string | null;
  telegramBot?: string | null;
}

/** GET /sv/api/config; while it loads or when it fails the widgets fall back to OpenStreetMap tiles. */
export function useAppConfig(): AppConfig {
  const { data } = useQuery({
    queryKey: ['config'],
    queryFn: () => api.get<ConfigAnswer>('/api/config'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return {
    tileUrl: data?.tileUrl || defaultTileUrl,
    tileAttribution: data?.tileAttribution || '© OpenStreetMap',
    mqttUrl: data?.mqttUrl ?? null,
    publicUrl: data?.publicUrl ?? null,
    telegramBot: data?.telegramBot ?? null,
  };
}
