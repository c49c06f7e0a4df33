import { Typography } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import type { FeatureCollection } from 'geojson';
import { useEffect, useRef, useState } from 'react';
import { GeoJSON, TileLayer, useMap } from 'react-leaflet';

let countries: Promise<FeatureCollection> | null = null;

/** The countries of world-atlas (1:110m), shipped with the app and loaded only when tiles fail. */
function loadCountries(): Promise<FeatureCollection> {
  countries ??= Promise.all([import('world-atlas/countries-110m.json'), import('topojson-client')]).then(
    ([atlas, topojson]) => {
      const topology = (atlas.default ?? atlas) as unknown as Parameters<typeof topojson.feature>[0];
      const objects = (
        topology as unknown as { objects: { countries: Parameters<typeof topojson.feature>[1] } }
      ).objects;
      return topojson.feature(topology, objects.countries) as unknown as FeatureCollection;
    },
  );
  return countries;
}

/**
 * A map's base layer: the configured tiles (MAP_TILE_URL) and, when they cannot load (offline, a
 * firewall), a base map drawn from data the app ships, with a 'Mapa sin conexión' note. Markers and
 * routes stay on top either way: no grey square.
 */
export function BaseLayer({
  tileUrl,
  attribution,
  offlineMaxZoom,
}: {
  tileUrl: string;
  attribution?: string | undefined;
  /** Offline, zoom out to at most this level, where the country outlines give the marker a context. */
  offlineMaxZoom?: number | undefined;
}) {
  const map = useMap();
  const [offline, setOffline] = useState(false);
  const [shapes, setShapes] = useState<FeatureCollection | null>(null);
  const loaded = useRef(0);

  useEffect(() => {
    if (!offline) return;
    // Sea behind the land shapes.
    map.getContainer().style.background = '#cfe0ee';
    if (offlineMaxZoom !== undefined && map.getZoom() > offlineMaxZoom) map.setZoom(offlineMaxZoom);
    let alive = true;
    void loadCountries().then((data) => {
      if (alive) setShapes(data);
    });
    return () => {
      alive = false;
    };
  }, [offline, map, offlineMaxZoom]);

  if (!offline) {
    return (
      <TileLayer
        url={tileUrl}
        {...(attribution ? { attribution } : {})}
        eventHandlers={{
          tileload: () => {
            loaded.current += 1;
          },
          // No tile has loaded and one failed: the tile server is out of reach.
          tileerror: () => {
            if (loaded.current === 0) setOffline(true);
          },
        }}
      />
    );
  }
  return (
    <>
      {shapes && (
        <GeoJSON
          data={shapes}
          style={{ color: '#8a97a8', weight: 1, fillColor: '#ece6d6', fillOpacity: 1 }}
          interactive={false}
        />
      )}
      <Typography
        variant="caption"
        role="status"
        sx={{
          position: 'absolute',
          left: 6,
          bottom: 4,
          zIndex: 500,
          px: 0.75,
          borderRadius: 1,
          bgcolor: 'background.paper',
          opacity: 0.9,
        }}
      >
        {mensajes.mapaSinConexion}
      </Typography>
    </>
  );
}
