import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createGeocoder, type GeocoderOptions } from '../../lib/geocoder/nominatim.js';
import type { Geocoder } from '../../lib/geocoder/types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Typed delivery addresses to points (docs/geocoding.md); null when GEOCODER_URL is unset. */
    geocoder: Geocoder | null;
  }
}

/** One client per app, so its request spacing covers every route and worker of the process. */
export default fp(async (app: FastifyInstance, { options }: { options?: GeocoderOptions }) => {
  app.decorate('geocoder', options?.url ? createGeocoder(options) : null);
});
