/** Restaurant groups and locations the seed creates: real-looking names, addresses and coordinates. */
import type { Address, Currency } from '../../domain/locations.js';

export type Cuisine = 'italian' | 'burger' | 'mexican' | 'brazilian' | 'sushi';

export interface LocationTemplate {
  name: string;
  currency: Currency;
  country: string;
  timezone: string;
  language: string;
  cuisine: Cuisine;
  address: Address;
  /** The restaurant's phone, as it prints it (the seed stores it in E.164), and e-mail. */
  phone: string;
  email: string;
  /** Streets nearby, for customers' delivery addresses. */
  streets: string[];
  /**
   * Postal codes and prefixes of the neighbourhood, for a zone that takes typed addresses without a pin
   * (German locations: customers there name their Postleitzahl).
   */
  postalCodes?: string[];
  /** Relative order volume. */
  popularity: number;
}

export interface OrganizationTemplate {
  name: string;
  locations: LocationTemplate[];
}

const addr = (line1: string, postal_code: string, city: string, country: string, latitude: number, longitude: number) =>
  ({ line1, line2: null, postal_code, city, country, latitude, longitude }) satisfies Address;

const BERLIN = { currency: 'EUR', country: 'DE', timezone: 'Europe/Berlin', language: 'de' } as const;
const ZURICH = { currency: 'CHF', country: 'CH', timezone: 'Europe/Zurich', language: 'de' } as const;
const LONDON = { currency: 'GBP', country: 'GB', timezone: 'Europe/London', language: 'en' } as const;
const NEW_YORK = { currency: 'USD', country: 'US', timezone: 'America/New_York', language: 'en' } as const;
const SAO_PAULO = { currency: 'BRL', country: 'BR', timezone: 'America/Sao_Paulo', language: 'pt-BR' } as const;
const MEXICO = { currency: 'MXN', country: 'MX', timezone: 'America/Mexico_City', language: 'es-MX' } as const;

const BERLIN_STREETS = ['Torstraße', 'Kastanienallee', 'Invalidenstraße', 'Brunnenstraße', 'Linienstraße'];
const LONDON_STREETS = ['Essex Road', 'Liverpool Road', 'Caledonian Road', 'Old Street', 'Brick Lane'];
const NYC_STREETS = ['Bedford Avenue', 'Grand Street', 'Metropolitan Avenue', 'Driggs Avenue', 'Mulberry Street'];
const SP_STREETS = ['Rua Augusta', 'Rua Oscar Freire', 'Rua da Consolação', 'Alameda Santos', 'Rua Haddock Lobo'];
const CDMX_STREETS = ['Calle Durango', 'Calle Colima', 'Avenida Álvaro Obregón', 'Calle Orizaba', 'Calle Tabasco'];

export const ORGANIZATIONS: OrganizationTemplate[] = [
  {
    name: 'Nonna Rosa Pizzeria Group',
    locations: [
      {
        ...BERLIN,
        name: 'Nonna Rosa Berlin Mitte',
        cuisine: 'italian',
        address: addr('Torstraße 96', '10119', 'Berlin', 'DE', 52.529, 13.401),
        phone: '+49 30 2809 1755',
        email: 'mitte@nonna-rosa.example',
        streets: BERLIN_STREETS,
        postalCodes: ['101*', '10405', '10435', '10437'],
        popularity: 1.4,
      },
      {
        ...BERLIN,
        name: 'Nonna Rosa München Schwabing',
        cuisine: 'italian',
        address: addr('Leopoldstraße 54', '80802', 'München', 'DE', 48.16, 11.585),
        phone: '+49 89 3398 2140',
        email: 'schwabing@nonna-rosa.example',
        streets: ['Leopoldstraße', 'Hohenzollernstraße', 'Kurfürstenstraße', 'Ainmillerstraße', 'Belgradstraße'],
        postalCodes: ['8080*', '80796', '80799'],
        popularity: 1.1,
      },
      {
        ...ZURICH,
        name: 'Nonna Rosa Zürich Langstrasse',
        cuisine: 'italian',
        address: addr('Langstrasse 120', '8004', 'Zürich', 'CH', 47.378, 8.528),
        phone: '+41 44 241 88 30',
        email: 'langstrasse@nonna-rosa.example',
        streets: ['Langstrasse', 'Badenerstrasse', 'Josefstrasse', 'Militärstrasse', 'Zwinglistrasse'],
        popularity: 0.8,
      },
      {
        ...LONDON,
        name: 'Nonna Rosa Islington',
        cuisine: 'italian',
        address: addr('42 Upper Street', 'N1 0PN', 'London', 'GB', 51.5385, -0.103),
        phone: '+44 20 7946 0321',
        email: 'islington@nonna-rosa.example',
        streets: LONDON_STREETS,
        popularity: 1.0,
      },
    ],
  },
  {
    name: 'Burger Republic Ltd.',
    locations: [
      {
        ...NEW_YORK,
        name: 'Burger Republic Williamsburg',
        cuisine: 'burger',
        address: addr('210 Bedford Avenue', '11249', 'Brooklyn', 'US', 40.717, -73.958),
        phone: '+1 718 555 0142',
        email: 'williamsburg@burger-republic.example',
        streets: NYC_STREETS,
        popularity: 1.5,
      },
      {
        ...LONDON,
        name: 'Burger Republic Shoreditch',
        cuisine: 'burger',
        address: addr('18 Redchurch Street', 'E2 7DJ', 'London', 'GB', 51.524, -0.075),
        phone: '+44 20 7946 0874',
        email: 'shoreditch@burger-republic.example',
        streets: LONDON_STREETS,
        popularity: 1.2,
      },
      {
        ...BERLIN,
        name: 'Burger Republic Kreuzberg',
        cuisine: 'burger',
        address: addr('Oranienstraße 180', '10999', 'Berlin', 'DE', 52.501, 13.419),
        phone: '+49 30 6107 4432',
        email: 'kreuzberg@burger-republic.example',
        streets: ['Oranienstraße', 'Adalbertstraße', 'Wiener Straße', 'Skalitzer Straße', 'Manteuffelstraße'],
        postalCodes: ['10961', '10967', '10969', '10997', '10999', '10245'],
        popularity: 1.0,
      },
    ],
  },
  {
    name: 'Grupo Sabores Latinos',
    locations: [
      {
        ...MEXICO,
        name: 'Sabores Roma Norte',
        cuisine: 'mexican',
        address: addr('Avenida Álvaro Obregón 130', '06700', 'Ciudad de México', 'MX', 19.418, -99.16),
        phone: '+52 55 5264 1830',
        email: 'romanorte@sabores-latinos.example',
        streets: CDMX_STREETS,
        popularity: 1.3,
      },
      {
        ...MEXICO,
        name: 'Sabores Condesa',
        cuisine: 'mexican',
        address: addr('Calle Ámsterdam 240', '06100', 'Ciudad de México', 'MX', 19.4115, -99.17),
        phone: '+52 55 5211 7409',
        email: 'condesa@sabores-latinos.example',
        streets: ['Calle Ámsterdam', 'Avenida Michoacán', 'Calle Tamaulipas', 'Avenida Mazatlán', 'Calle Atlixco'],
        popularity: 1.0,
      },
      {
        ...SAO_PAULO,
        name: 'Sabores Brasileiros Jardins',
        cuisine: 'brazilian',
        address: addr('Rua Augusta 1500', '01304-001', 'São Paulo', 'BR', -23.558, -46.66),
        phone: '+55 11 3061 2298',
        email: 'jardins@sabores-latinos.example',
        streets: SP_STREETS,
        popularity: 1.2,
      },
      {
        ...NEW_YORK,
        name: 'Sabores Lower East Side',
        cuisine: 'mexican',
        address: addr('115 Mulberry Street', '10013', 'New York', 'US', 40.719, -73.9975),
        phone: '+1 212 555 0187',
        email: 'lowereastside@sabores-latinos.example',
        streets: NYC_STREETS,
        popularity: 0.9,
      },
    ],
  },
];

export const STANDALONE: LocationTemplate = {
  currency: 'EUR',
  country: 'DE',
  timezone: 'Europe/Berlin',
  language: 'de',
  name: 'Sakura Sushi Hamburg',
  cuisine: 'sushi',
  address: addr('Schanzenstraße 75', '20357', 'Hamburg', 'DE', 53.563, 9.963),
  phone: '+49 40 4309 2761',
  email: 'hallo@sakura-sushi.example',
  streets: ['Schanzenstraße', 'Schulterblatt', 'Susannenstraße', 'Bartelsstraße', 'Juliusstraße'],
  postalCodes: ['20357', '20359', '20355', '20257', '22767', '22769'],
  popularity: 0.7,
};

/** `count` organizations: the templates in turn, numbered when they repeat. */
export function organizationTemplates(count: number): OrganizationTemplate[] {
  return Array.from({ length: count }, (_, i) => {
    const t = ORGANIZATIONS[i % ORGANIZATIONS.length];
    const round = Math.floor(i / ORGANIZATIONS.length);
    if (round === 0) return t;
    const suffix = ` ${round + 1}`;
    return {
      name: t.name + suffix,
      locations: t.locations.map((l) => ({
        ...l,
        name: l.name + suffix,
        email: l.email.replace('@', `${round + 1}@`),
      })),
    };
  });
}
