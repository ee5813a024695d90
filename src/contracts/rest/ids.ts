/**
 * Ids in paths and in list filters: `{name}` holds a `{prefix}_…` id (src/lib/ids.ts). Described here once,
 * so every route that takes one documents it the same way.
 */
import { type TOptional, type TString, Type } from '@sinclair/typebox';

const IDS = {
  organization_id: ['organization', 'org'],
  location_id: ['location', 'loc'],
  special_closing_id: ['special closing', 'scl'],
  order_id: ['order', 'ord'],
  customer_id: ['customer', 'cus'],
  conversation_id: ['conversation', 'cnv'],
  key_id: ['API key', 'key'],
  channel_account_id: ['channel account', 'cha'],
  webhook_delivery_id: ['message webhook delivery', 'whd'],
  user_id: ['staff user', 'usr'],
  webhook_endpoint_id: ['webhook endpoint', 'whe'],
  event_id: ['event', 'evt'],
  event_delivery_id: ['event delivery', 'evd'],
} as const;
type IdName = keyof typeof IDS;

const example = (name: IdName) => `${IDS[name][1]}_01jd8zq4m7x3k5t9v2b6n0c8rh`;

/** Path parameters, each an id. */
export const IdParam = <N extends IdName>(...names: N[]) =>
  Type.Object(
    Object.fromEntries(
      names.map((name) => {
        const [what, prefix] = IDS[name];
        return [name, Type.String({ description: `The ${what}'s id (\`${prefix}_…\`)`, examples: [example(name)] })];
      }),
    ) as Record<N, TString>,
  );

/** A list's optional filter by an id. */
export const IdFilter = (name: IdName): TOptional<TString> => {
  const [what, prefix] = IDS[name];
  return Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: `Only those of this ${what} (\`${prefix}_…\`)`,
      examples: [example(name)],
    }),
  );
};
