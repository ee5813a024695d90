/** A location's postal address with its point: below the locations and their settings, which both use it. */
export interface Address {
  line1: string;
  line2: string | null;
  postal_code: string;
  city: string;
  country: string;
  latitude: number;
  longitude: number;
}
