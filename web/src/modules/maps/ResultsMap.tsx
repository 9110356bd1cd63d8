import { Box } from "@chakra-ui/react";
import { animate } from "framer-motion";
import { useEffect, useRef } from "react";
import { distanceLabel } from "../geo/distance-label";
import { MAPLIBRE_FRENCH } from "./maplibre-locale";
import { rasterStyle } from "./map-tiles";

export interface MapPin {
  id: string;
  name: string;
  city: string;
  lat: number;
  lon: number;
  distanceKm: number | null;
}

export interface ResultsMapProps {
  pins: readonly MapPin[];
  /** The place searched around, marked and kept in view. */
  centre: { lat: number; lon: number } | null;
  /** Raster tiles ({z}/{x}/{y}); null: the basemap is unavailable, the pins stay on a plain ground. */
  tilesUrl: string | null;
  /** Opens a service's sheet (the router's navigation). */
  onOpen: (id: string) => void;
  /** The map cannot be drawn here (no WebGL on this device, the library did not load). */
  onFailed: () => void;
}

/** A plain ground when the basemap does not answer: the pins keep their places relative to each other. */
const PLAIN_STYLE = {
  version: 8 as const,
  sources: {},
  layers: [{ id: "ground", type: "background" as const, paint: { "background-color": "#e8eef5" } }],
};

/** A marker of this map takes no focus and says nothing (the map is hidden from screen readers). */
function quiet<M extends { getElement(): HTMLElement }>(marker: M): M {
  const element = marker.getElement();
  ["tabindex", "role", "aria-label"].forEach((attribute) => element.removeAttribute(attribute));
  return marker;
}

const PIN_CLASS = "results-map-pin";
const CLUSTER_CLASS = "results-map-cluster";

/**
 * The results on a map (maplibre-gl, in its own chunk): nearby services grouped in clusters
 * that show their count and open on a tap, a service's marker opening a short card. The map is
 * for the eyes (the caller hides it from screen readers: the list says the same), so nothing
 * in it takes the keyboard focus.
 */
export default function ResultsMap({ pins, centre, tilesUrl, onOpen, onFailed }: ResultsMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const openRef = useRef(onOpen);
  openRef.current = onOpen;
  const failedRef = useRef(onFailed);
  failedRef.current = onFailed;

  useEffect(() => {
    let cancelled = false;
    let cleanup = () => undefined as void;
    (async () => {
      const [maplibre] = await Promise.all([import("maplibre-gl"), import("maplibre-gl/dist/maplibre-gl.css")]);
      if (cancelled || !container.current) return;
      const points = pins.filter((pin) => Number.isFinite(pin.lat) && Number.isFinite(pin.lon));
      const bounds = new maplibre.LngLatBounds();
      points.forEach((pin) => bounds.extend([pin.lon, pin.lat]));
      if (centre) bounds.extend([centre.lon, centre.lat]);
      const map = new maplibre.Map({
        container: container.current,
        style: tilesUrl ? rasterStyle(tilesUrl) : PLAIN_STYLE,
        ...(bounds.isEmpty()
          ? { center: [-0.37, 43.3] as [number, number], zoom: 8 }
          : { bounds, fitBoundsOptions: { padding: 48, maxZoom: 14 } }),
        attributionControl: false,
        keyboard: false,
        cooperativeGestures: true,
        fadeDuration: 0,
        locale: MAPLIBRE_FRENCH,
      });
      map.getCanvas().setAttribute("tabindex", "-1");
      // A failed tile leaves the pins on the ground colour; nothing more to say.
      map.on("error", () => undefined);
      const markers = new Map<string, InstanceType<typeof maplibre.Marker>>();
      let popup: InstanceType<typeof maplibre.Popup> | null = null;

      const pinElement = (pin: MapPin) => {
        const element = document.createElement("div");
        element.className = PIN_CLASS;
        element.title = pin.name;
        element.addEventListener("click", (event) => {
          event.stopPropagation();
          popup?.remove();
          const card = document.createElement("div");
          card.className = "results-map-card";
          const name = document.createElement("a");
          name.href = `/services/${pin.id}`;
          name.tabIndex = -1;
          name.textContent = pin.name;
          name.addEventListener("click", (click) => {
            click.preventDefault();
            openRef.current(pin.id);
          });
          const where = document.createElement("p");
          where.textContent = [pin.city, pin.distanceKm != null ? distanceLabel(pin.distanceKm) : null]
            .filter(Boolean)
            .join(" · ");
          card.append(name, where);
          popup = new maplibre.Popup({ offset: 18, closeButton: false, focusAfterOpen: false, maxWidth: "16rem" })
            .setLngLat([pin.lon, pin.lat])
            .setDOMContent(card)
            .addTo(map);
          // The card rises into place, unless the system asks for reduced motion.
          if (!window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
            animate(card, { opacity: [0, 1], y: [6, 0] }, { duration: 0.16, ease: "easeOut" });
          }
        });
        return element;
      };

      const clusterElement = (id: number, count: number, lngLat: [number, number]) => {
        const element = document.createElement("div");
        element.className = CLUSTER_CLASS;
        element.textContent = String(count);
        element.title = `${count} services`;
        element.addEventListener("click", async (event) => {
          event.stopPropagation();
          const source = map.getSource("services") as unknown as {
            getClusterExpansionZoom(id: number): Promise<number>;
          };
          const zoom = await source.getClusterExpansionZoom(id);
          map.easeTo({ center: lngLat, zoom: Math.min(zoom, 16) });
        });
        return element;
      };

      // Markers follow the clusters of the current view (HTML: counts need no map fonts).
      const render = () => {
        const seen = new Set<string>();
        for (const feature of map.querySourceFeatures("services")) {
          const properties = feature.properties as Record<string, unknown>;
          const [lon, lat] = (feature.geometry as unknown as { coordinates: [number, number] }).coordinates;
          const key = properties.cluster ? `cluster-${String(properties.cluster_id)}` : `pin-${String(properties.id)}`;
          if (seen.has(key)) continue;
          seen.add(key);
          if (!markers.has(key)) {
            const element = properties.cluster
              ? clusterElement(Number(properties.cluster_id), Number(properties.point_count), [lon, lat])
              : pinElement(points.find((pin) => pin.id === properties.id)!);
            markers.set(key, quiet(new maplibre.Marker({ element }).setLngLat([lon, lat]).addTo(map)));
          }
        }
        for (const [key, marker] of markers) {
          if (!seen.has(key)) {
            marker.remove();
            markers.delete(key);
          }
        }
      };

      // The services go on the map as soon as its style is read, without waiting for the
      // basemap's tiles (on a poor network they come last; the pins matter more).
      map.once("style.load", () => {
        map.addSource("services", {
          type: "geojson",
          cluster: true,
          clusterRadius: 48,
          clusterMaxZoom: 15,
          data: {
            type: "FeatureCollection",
            features: points.map((pin) => ({
              type: "Feature" as const,
              properties: { id: pin.id },
              geometry: { type: "Point" as const, coordinates: [pin.lon, pin.lat] },
            })),
          },
        });
        // Invisible: it makes the source's tiles load, which the markers are read from.
        map.addLayer({
          id: "services",
          type: "circle",
          source: "services",
          paint: { "circle-opacity": 0, "circle-radius": 1 },
        });
        if (centre) {
          const here = document.createElement("div");
          here.className = "results-map-centre";
          quiet(new maplibre.Marker({ element: here }).setLngLat([centre.lon, centre.lat]).addTo(map));
        }
        map.on("data", (event) => {
          if ((event as { sourceId?: string }).sourceId === "services") render();
        });
        map.on("moveend", render);
        // Once everything is drawn and still: the last word on which clusters are in view.
        map.on("idle", render);
        render();
      });
      map.on("click", () => popup?.remove());
      cleanup = () => map.remove();
    })().catch((error: unknown) => {
      if (cancelled) return;
      console.warn("Carte indisponible", error instanceof Error ? error.message : error);
      failedRef.current();
    });
    return () => {
      cancelled = true;
      cleanup();
    };
  }, [pins, centre, tilesUrl]);

  return (
    // Fills its frame (maplibre's own stylesheet makes it position: relative).
    <Box
      ref={container}
      position="absolute"
      inset="0"
      width="100%"
      height="100%"
      css={{
        [`& .${PIN_CLASS}`]: {
          width: "28px",
          height: "28px",
          borderRadius: "50% 50% 50% 0",
          transform: "rotate(-45deg)",
          background: "#1d4f91",
          border: "3px solid white",
          boxShadow: "0 1px 4px rgba(0,0,0,.4)",
          cursor: "pointer",
        },
        [`& .${CLUSTER_CLASS}`]: {
          minWidth: "44px",
          height: "44px",
          padding: "0 8px",
          borderRadius: "22px",
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          background: "#0f766e",
          color: "white",
          fontWeight: "700",
          fontSize: "16px",
          border: "3px solid white",
          boxShadow: "0 1px 4px rgba(0,0,0,.4)",
          cursor: "pointer",
        },
        "& .results-map-centre": {
          width: "18px",
          height: "18px",
          borderRadius: "50%",
          background: "#d97706",
          border: "3px solid white",
          boxShadow: "0 0 0 2px #d97706",
        },
        "& .results-map-card a": { fontWeight: "700", color: "#1d4f91", textDecoration: "underline" },
        "& .results-map-card p": { margin: "4px 0 0", color: "#374151", fontSize: "14px" },
      }}
    />
  );
}
