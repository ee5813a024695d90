/** The fake geocoder's addresses and its answers in Nominatim's jsonv2 and Photon's GeoJSON (./fake-geocoder.ts). */
export interface Known {
  road: string;
  house_number: string | null;
  postcode: string;
  city: string;
  suburb: string;
  country: string;
  country_code: string;
  lat: number;
  lon: number;
}

const de = { city: 'Berlin', country: 'Deutschland', country_code: 'de' };
export const KNOWN: Known[] = [
  { road: 'Torstraße', house_number: '1', postcode: '10119', suburb: 'Mitte', lat: 52.5291, lon: 13.4013, ...de },
  // One street name in two districts: without the postcode, which one is meant is a question.
  {
    road: 'Hauptstraße',
    house_number: '5',
    postcode: '10827',
    suburb: 'Schöneberg',
    lat: 52.4869,
    lon: 13.3532,
    ...de,
  },
  {
    road: 'Hauptstraße',
    house_number: '5',
    postcode: '13055',
    suburb: 'Alt-Hohenschönhausen',
    lat: 52.5452,
    lon: 13.5031,
    ...de,
  },
  {
    road: 'Baker Street',
    house_number: '12',
    postcode: 'NW1 6XE',
    suburb: 'Marylebone',
    city: 'London',
    country: 'United Kingdom',
    country_code: 'gb',
    lat: 51.5226,
    lon: -0.1571,
  },
];

const norm = (s: string | null) => (s ?? '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Roughly Nominatim: the houses whose street, number, postcode and city the query names; the street when the number is unknown; the city when no street is. */
export function search(p: URLSearchParams): Known[] {
  const text = norm(p.get('q') ?? [p.get('street'), p.get('postalcode'), p.get('city'), p.get('country')].join(' '));
  const codes = p.get('countrycodes');
  const pool = KNOWN.filter((k) => !codes || codes.split(',').includes(k.country_code));
  const inCity = pool.filter((k) => text.includes(norm(k.city)) || text.includes(norm(k.postcode)));
  const onRoad = pool.filter(
    (k) => text.includes(norm(k.road)) && (!p.get('postalcode') || text.includes(norm(k.postcode))),
  );
  const houses = onRoad.filter((k) =>
    new RegExp(`(^|\\D)${k.house_number}(\\D|$)`).test(text.replace(norm(k.postcode), '')),
  );
  if (houses.length > 0) return houses;
  if (onRoad.length > 0) return [{ ...onRoad[0], house_number: null, lat: onRoad[0].lat + 0.001 }];
  return inCity.length > 0
    ? [{ ...inCity[0], road: '', house_number: null, postcode: '', lat: 52.517, lon: 13.3889 }]
    : [];
}

export function jsonv2(k: Known, i: number) {
  const house = k.house_number !== null;
  const area = k.road === '';
  const address = area
    ? { city: k.city, country: k.country, country_code: k.country_code }
    : {
        ...(house ? { house_number: k.house_number } : {}),
        road: k.road,
        suburb: k.suburb,
        city: k.city,
        postcode: k.postcode,
        country: k.country,
        country_code: k.country_code,
      };
  const name = [
    area ? '' : [k.house_number, k.road].filter(Boolean).join(' '),
    k.suburb,
    k.city,
    k.postcode,
    k.country,
  ];
  return {
    place_id: 100_000 + i,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: area ? 'relation' : house ? 'node' : 'way',
    osm_id: 2_000_000 + i,
    lat: String(k.lat),
    lon: String(k.lon),
    category: area ? 'boundary' : house ? 'place' : 'highway',
    type: area ? 'administrative' : house ? 'house' : 'residential',
    place_rank: area ? 8 : house ? 30 : 26,
    importance: area ? 0.8 : 0.00001,
    addresstype: area ? 'city' : house ? 'place' : 'road',
    name: area ? k.city : house ? '' : k.road,
    display_name: name.filter(Boolean).join(', '),
    address,
    boundingbox: [String(k.lat - 0.0005), String(k.lat + 0.0005), String(k.lon - 0.0005), String(k.lon + 0.0005)],
  };
}

export function photon(k: Known) {
  const properties: Record<string, unknown> = {
    osm_type: 'N',
    osm_id: 1,
    countrycode: k.country_code.toUpperCase(),
    country: k.country,
    city: k.city,
    type: 'house',
  };
  if (k.road) Object.assign(properties, { street: k.road, postcode: k.postcode, osm_key: 'place', osm_value: 'house' });
  if (k.house_number) properties.housenumber = k.house_number;
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [k.lon, k.lat] }, properties };
}
