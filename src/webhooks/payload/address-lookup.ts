/**
 * The body's `event.addressLookup` (event address_looked_up): the address the chatbot's answer asked about
 * and what the geocoder said, in the shape of the draft problems' candidates (camelCase), so a chatbot reads
 * a found place and a candidate alike.
 */
import { placeLabel } from '../../domain/drafts/checks.js';
import type { GeocodedPlace } from '../../lib/geocoder/types.js';
import type { StoredAddressLookup } from '../contract.js';

const place = ({ address: a, point }: GeocodedPlace) => ({
  label: placeLabel(a),
  line1: a.line_1,
  postalCode: a.postal_code,
  city: a.city,
  country: a.country,
  latitude: point.latitude,
  longitude: point.longitude,
});

export function renderAddressLookup({ query, result }: StoredAddressLookup) {
  return {
    query: {
      line1: query.line_1 ?? null,
      postalCode: query.postal_code ?? null,
      city: query.city ?? null,
      country: query.country ?? null,
    },
    status: result.status,
    place: result.status === 'found' ? place(result) : null,
    candidates: result.status === 'ambiguous' ? result.candidates.map(place) : [],
  };
}
