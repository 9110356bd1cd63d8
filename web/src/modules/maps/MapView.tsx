import { Box } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { MAPLIBRE_FRENCH } from "./maplibre-locale";
import { MAP_ZOOM, rasterStyle } from "./map-tiles";

export interface MapViewProps {
  lat: number;
  lon: number;
  label: string;
  provider: string;
  mapboxToken: string | null;
  /** Raster tiles ({z}/{x}/{y}) when there is no Mapbox token. */
  tilesUrl: string;
  /** The basemap could not load: the caller shows why instead. */
  onFailed: () => void;
}

interface MinimalMap {
  on(event: string, handler: (event: unknown) => void): void;
  once(event: string, handler: () => void): void;
  remove(): void;
}

/** What this component uses of either library (their own types do not unify). */
interface MapLibrary {
  Map: new (options: Record<string, unknown>) => MinimalMap;
  Marker: new (options: Record<string, unknown>) => {
    setLngLat(point: [number, number]): { setPopup(popup: unknown): { addTo(map: MinimalMap): unknown } };
  };
  Popup: new (options: Record<string, unknown>) => { setText(text: string): unknown };
}

/**
 * An interactive map with a marker (mapbox-gl with a Mapbox token, otherwise
 * maplibre-gl over the raster basemap), filling its frame. Loaded in its own chunk.
 * When the basemap cannot load, the map removes itself and tells its caller, with no
 * stream of console errors.
 */
export default function MapView({ lat, lon, label, provider, mapboxToken, tilesUrl, onFailed }: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const failedRef = useRef(onFailed);
  failedRef.current = onFailed;

  useEffect(() => {
    let map: MinimalMap | null = null;
    let cancelled = false;
    let loaded = false;
    const fail = (reason?: unknown) => {
      if (cancelled) return;
      console.warn("Carte indisponible", reason instanceof Error ? reason.message : reason);
      map?.remove();
      map = null;
      setFailed(true);
      failedRef.current();
    };

    (async () => {
      const useMapbox = provider === "mapbox" && mapboxToken;
      const library = (useMapbox ? await loadMapbox(mapboxToken) : await loadMaplibre()) as unknown as MapLibrary;
      if (cancelled || !container.current) return;
      const instance = new library.Map({
        container: container.current,
        style: useMapbox ? "mapbox://styles/mapbox/streets-v12" : rasterStyle(tilesUrl),
        center: [lon, lat],
        zoom: MAP_ZOOM,
        attributionControl: { compact: true },
        cooperativeGestures: true,
        ...(useMapbox ? { language: "fr", worldview: "FR" } : { locale: MAPLIBRE_FRENCH }),
      });
      map = instance;
      // Listening to errors also keeps the libraries from logging each failed tile.
      instance.on("error", (event) => {
        if (!loaded) fail((event as { error?: unknown }).error ?? event);
      });
      instance.once("load", () => {
        loaded = true;
      });
      new library.Marker({ color: "#1d4f91" })
        .setLngLat([lon, lat])
        .setPopup(new library.Popup({ offset: 24 }).setText(label))
        .addTo(instance);
    })().catch(fail);

    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [lat, lon, label, provider, mapboxToken, tilesUrl]);

  if (failed) return null;
  // Fills its frame (maplibre's own stylesheet makes it position: relative).
  return (
    <Box
      ref={container}
      role="region"
      aria-label={`Carte : ${label}`}
      position="absolute"
      inset="0"
      width="100%"
      height="100%"
    />
  );
}

async function loadMaplibre() {
  const [library] = await Promise.all([import("maplibre-gl"), import("maplibre-gl/dist/maplibre-gl.css")]);
  return library;
}

async function loadMapbox(token: string) {
  const [{ default: library }] = await Promise.all([import("mapbox-gl"), import("mapbox-gl/dist/mapbox-gl.css")]);
  library.accessToken = token;
  return library;
}
