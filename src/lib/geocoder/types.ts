/** What the geocoder answers for a typed address (docs/geocoding.md). */

/** A typed address, the order address's fields; any may be missing. */
export interface AddressQuery {
  line_1?: string | null;
  postal_code?: string | null;
  city?: string | null;
  /** ISO 3166-1 alpha-2 (`DE`), or a country's name. */
  country?: string | null;
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** A place the geocoder knows, in the order address's shape; `country` is ISO alpha-2, upper case. */
export interface GeocodedPlace {
  point: GeoPoint;
  address: {
    line_1: string | null;
    postal_code: string | null;
    city: string | null;
    country: string | null;
  };
}

export type UnavailableReason = 'timeout' | 'error' | 'rate_limited' | `http_${number}`;

export type GeocodeResult =
  | ({ status: 'found' } & GeocodedPlace)
  | { status: 'ambiguous'; candidates: GeocodedPlace[] }
  | { status: 'not_found' }
  | { status: 'unavailable'; reason: UnavailableReason };

/** One search result as the service gave it, before the found/ambiguous decision. */
export interface RawPlace {
  point: GeoPoint;
  road: string | null;
  house_number: string | null;
  postal_code: string | null;
  city: string | null;
  country_code: string | null;
}

export interface Geocoder {
  /** Never rejects: a service down, slow or refusing is `unavailable`. */
  search(query: AddressQuery): Promise<GeocodeResult>;
}
