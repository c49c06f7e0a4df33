import 'leaflet/dist/leaflet.css';
import { Box, Typography, useTheme } from '@mui/material';
import { type Coordinates, mensajes, readCoordinates } from '@nexo/contracts';
import L from 'leaflet';
import { useEffect } from 'react';
import { MapContainer, Marker, useMap } from 'react-leaflet';
import { BaseLayer } from '../../../shared/map/BaseLayer';
import { CompactValue, WidgetFrame, WidgetMessage } from './WidgetStates';

export interface MapWidgetProps {
  valor: string | null | undefined;
  conectado: boolean;
  compact?: boolean | undefined;
  variableJson: string | null | undefined;
  variableLongitud: string | null | undefined;
  tileUrl: string;
  zoom?: number;
}

// A CSS pin instead of Leaflet's default PNG icon, whose image paths break under bundlers.
const pinIcon = L.divIcon({
  className: 'nexo-map-pin',
  html: '<svg width="30" height="40" viewBox="0 0 30 40" xmlns="http://www.w3.org/2000/svg"><path d="M15 0C6.7 0 0 6.6 0 14.8 0 25.9 15 40 15 40s15-14.1 15-25.2C30 6.6 23.3 0 15 0z" fill="#d9364a"/><circle cx="15" cy="14.5" r="6" fill="#fff"/></svg>',
  iconSize: [30, 40],
  iconAnchor: [15, 40],
});

function Recenter({ position }: { position: Coordinates }) {
  const map = useMap();
  useEffect(() => {
    map.setView([position.lat, position.lng]);
  }, [map, position.lat, position.lng]);
  return null;
}

const coordinateFormat = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 5 });

/** A marker at the latitude/longitude read from the sensor's JSON value (variableJson / variableLongitud). */
export function MapWidget({
  valor,
  conectado,
  compact,
  variableJson,
  variableLongitud,
  tileUrl,
  zoom = 15,
}: MapWidgetProps) {
  const theme = useTheme();
  const empty = valor === null || valor === undefined || valor === '';
  const position = empty ? null : readCoordinates(valor, variableJson, variableLongitud);
  let body: React.ReactNode;
  if (empty) body = <WidgetMessage tone="muted" text={mensajes.sinDatos} />;
  else if (!position) body = <WidgetMessage text={mensajes.errorRenderizandoMapa} />;
  else if (compact)
    body = (
      <CompactValue
        text={`${coordinateFormat.format(position.lat)}, ${coordinateFormat.format(position.lng)}`}
      />
    );
  else
    body = (
      <Box
        data-testid="mapa"
        sx={{
          position: 'relative',
          width: '100%',
          height: '100%',
          minHeight: 0,
          borderRadius: 1.5,
          overflow: 'hidden',
          '& .nexo-map-pin': { background: 'none', border: 0 },
          // Shown until (or instead of, offline) the tiles load.
          '& .leaflet-container': { bgcolor: 'action.hover' },
          // Light tiles would glare in the dark theme: invert them (the pin is not a tile).
          ...(theme.palette.mode === 'dark'
            ? { '& .leaflet-tile': { filter: 'invert(1) hue-rotate(180deg) brightness(0.9) contrast(0.9)' } }
            : {}),
        }}
      >
        <MapContainer
          center={[position.lat, position.lng]}
          zoom={zoom}
          scrollWheelZoom={false}
          attributionControl={false}
          style={{ width: '100%', height: '100%', position: 'absolute', inset: 0 }}
        >
          <BaseLayer tileUrl={tileUrl} offlineMaxZoom={5} />
          {/* Only a mark: it does nothing when clicked, so it is not a button (no tab stop, no role). */}
          <Marker
            position={[position.lat, position.lng]}
            icon={pinIcon}
            interactive={false}
            keyboard={false}
          />
          <Recenter position={position} />
        </MapContainer>
        <Typography
          variant="caption"
          sx={{
            position: 'absolute',
            right: 6,
            bottom: 4,
            zIndex: 500,
            px: 0.75,
            borderRadius: 1,
            bgcolor: 'background.paper',
            opacity: 0.9,
          }}
        >
          {coordinateFormat.format(position.lat)}, {coordinateFormat.format(position.lng)}
        </Typography>
      </Box>
    );
  return (
    <WidgetFrame testId="widget-mapa" conectado={conectado}>
      {body}
    </WidgetFrame>
  );
}
