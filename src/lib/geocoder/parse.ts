/**
 * The two response shapes understood: Nominatim's `jsonv2` (an array of places, coordinates as strings,
 * the parts in `address`) and Photon's GeoJSON (a FeatureCollection, the parts flat in `properties`,
 * coordinates [lon, lat]). Told apart by shape, so GEOCODER_URL may name either kind of server.
 */
import type { RawPlace } from './types.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const first = (o: Json, keys: string[]): string | null => {
  for (const k of keys) {
    const v = text(o[k]);
    if (v !== null) return v;
  }
  return null;
};

// Nominatim names the street part after what it is; a pedestrian zone or square is still deliverable.
const ROAD_KEYS = ['road', 'pedestrian', 'square', 'footway', 'place'];
const CITY_KEYS = ['city', 'town', 'village', 'municipality', 'hamlet'];

function point(lat: unknown, lon: unknown): RawPlace['point'] | null {
  const latitude = Number(lat);
  const longitude = Number(lon);
  if (lat === null || lon === null || lat === '' || lon === '') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

function nominatimPlace(item: Json): RawPlace | null {
  const p = point(item.lat, item.lon);
  if (!p) return null;
  const a = isObject(item.address) ? item.address : {};
  return {
    point: p,
    road: first(a, ROAD_KEYS),
    house_number: text(a.house_number),
    postal_code: text(a.postcode),
    city: first(a, CITY_KEYS),
    country_code: text(a.country_code)?.toUpperCase() ?? null,
  };
}

function photonPlace(feature: Json): RawPlace | null {
  const props = isObject(feature.properties) ? feature.properties : {};
  const geometry = isObject(feature.geometry) ? feature.geometry : {};
  const coords = Array.isArray(geometry.coordinates) ? geometry.coordinates : [];
  const p = point(coords[1], coords[0]);
  if (!p) return null;
  // Nominatim's own format=geojson nests the parts as jsonv2 does.
  if (isObject(props.address)) return nominatimPlace({ ...props, lat: coords[1], lon: coords[0] });
  // Photon names a street result itself by `name`, with no `street` of its own.
  const street = text(props.street) ?? (props.osm_key === 'highway' ? text(props.name) : null);
  return {
    point: p,
    road: street,
    house_number: text(props.housenumber),
    postal_code: text(props.postcode),
    city: text(props.city) ?? text(props.locality),
    country_code: text(props.countrycode)?.toUpperCase() ?? null,
  };
}

/** The places in a search response, best first as the service ranked them; null when the shape is neither. */
export function parseSearchResponse(body: unknown): RawPlace[] | null {
  if (Array.isArray(body)) {
    return body.filter(isObject).flatMap((item) => nominatimPlace(item) ?? []);
  }
  if (isObject(body) && body.type === 'FeatureCollection' && Array.isArray(body.features)) {
    return body.features.filter(isObject).flatMap((f) => photonPlace(f) ?? []);
  }
  return null;
}
