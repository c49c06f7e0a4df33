import 'leaflet/dist/leaflet.css';
import { Box } from '@mui/material';
import type { RutaAnswer } from '@nexo/contracts';
import L from 'leaflet';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, Polyline, Tooltip, useMap } from 'react-leaflet';
import { BaseLayer } from '../../../shared/map/BaseLayer';
import { formatLocal } from '../range';

function FitRoute({ ruta }: { ruta: [number, number][] }) {
  const map = useMap();
  useEffect(() => {
    if (ruta.length > 0) map.fitBounds(L.latLngBounds(ruta), { padding: [24, 24] });
  }, [map, ruta]);
  return null;
}

/** A map sensor's route in the range, 600x400, from the first point (green) to the last (red). */
export function RouteMap({
  ruta,
  tileUrl,
  attribution,
}: {
  ruta: RutaAnswer;
  tileUrl: string;
  attribution?: string | undefined;
}) {
  const first = ruta.puntos[0];
  const last = ruta.puntos.at(-1);
  return (
    <Box
      data-testid="history-route"
      data-fuente={ruta.fuente}
      data-points={ruta.ruta.length}
      sx={{
        position: 'relative',
        width: 600,
        maxWidth: '100%',
        height: 400,
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      <MapContainer center={ruta.ruta[0] ?? [0, 0]} zoom={10} style={{ width: '100%', height: '100%' }}>
        <BaseLayer tileUrl={tileUrl} attribution={attribution} />
        <Polyline positions={ruta.ruta} pathOptions={{ color: '#1976d2', weight: 4 }} />
        {first && (
          <CircleMarker
            center={[first.lat, first.lng]}
            radius={7}
            pathOptions={{ color: '#2e7d32', fillOpacity: 0.9 }}
          >
            <Tooltip>{formatLocal(first.ts)}</Tooltip>
          </CircleMarker>
        )}
        {last && (
          <CircleMarker
            center={[last.lat, last.lng]}
            radius={7}
            pathOptions={{ color: '#d32f2f', fillOpacity: 0.9 }}
          >
            <Tooltip>{formatLocal(last.ts)}</Tooltip>
          </CircleMarker>
        )}
        <FitRoute ruta={ruta.ruta} />
      </MapContainer>
    </Box>
  );
}
