import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import { PREPARED } from '../../db/prepared.js';
import { newId } from '../../lib/ids.js';
import { ApiError, conflict, invalidParam, notFound } from '../errors.js';
import { listPage, type PageParams } from '../pagination.js';
import { mergeTemplates, type NoticeTemplate, type NoticeTemplates } from './notice-templates.js';

export type Channel = 'test' | 'whatsapp';
export type Mode = 'location' | 'businessOrganization';

export interface ChannelAccountRow {
  id: string;
  channel: Channel;
  name: string | null;
  mode: Mode;
  organization_id: string | null;
  location_id: string | null;
  external_id: string | null;
  settings: { display_phone_number?: string | null; templates?: NoticeTemplates };
  access_token: string | null;
  app_secret: string | null;
  verify_token_hash: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Every column of channel_accounts, for reading an account beside another row (src/db/prefixed.ts). */
export const ACCOUNT_COLUMNS = [
  'id',
  'channel',
  'name',
  'mode',
  'organization_id',
  'location_id',
  'external_id',
  'settings',
  'access_token',
  'app_secret',
  'verify_token_hash',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof ChannelAccountRow)[];

export interface WhatsAppSettingsInput {
  phone_number_id?: string;
  display_phone_number?: string | null;
  access_token?: string;
  app_secret?: string;
  verify_token?: string;
  /** Order notices' templates for outside the 24-hour window (./notice-templates.ts); null removes one. */
  templates?: Partial<Record<keyof NoticeTemplates, NoticeTemplate | null>>;
}

export interface ChannelAccountInput {
  channel: Channel;
  name?: string | null;
  location_id?: string;
  organization_id?: string;
  whatsapp?: WhatsAppSettingsInput;
}

export interface ChannelAccountUpdate {
  name?: string | null;
  whatsapp?: WhatsAppSettingsInput;
}

export const webhookPath = (id: string) => `/channels/whatsapp/${id}/webhook`;
export const hashVerifyToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Secrets are write-only: an account shows whether each one is set, and the access token's last four. */
export function toChannelAccount(r: ChannelAccountRow) {
  return {
    id: r.id,
    object: 'channel_account' as const,
    channel: r.channel,
    name: r.name,
    mode: r.mode,
    organization_id: r.organization_id,
    location_id: r.location_id,
    whatsapp:
      r.channel === 'whatsapp'
        ? {
            phone_number_id: r.external_id as string,
            display_phone_number: r.settings.display_phone_number ?? null,
            access_token_last4: r.access_token ? r.access_token.slice(-4) : null,
            has_app_secret: r.app_secret !== null,
            has_verify_token: r.verify_token_hash !== null,
            webhook_path: webhookPath(r.id),
            templates: r.settings.templates ?? {},
          }
        : null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
export type ChannelAccount = ReturnType<typeof toChannelAccount>;

async function bindingOf(db: Queryable, input: ChannelAccountInput) {
  if (input.location_id !== undefined && input.organization_id !== undefined) {
    throw new ApiError(
      'invalid_request_error',
      'parameters_exclusive',
      'A channel account is bound to a location (mode location) or an organization (mode businessOrganization), not both.',
      { details: { parameters: ['location_id', 'organization_id'] } },
    );
  }
  if (input.location_id !== undefined) {
    const [loc] = await db.query<{ organization_id: string | null }>(
      'SELECT organization_id FROM locations WHERE id = $1',
      [input.location_id],
    );
    if (!loc) throw invalidParam('location_id', `No such location: '${input.location_id}'.`);
    return { mode: 'location' as const, organization_id: loc.organization_id, location_id: input.location_id };
  }
  if (input.organization_id !== undefined) {
    const org = await db.query('SELECT 1 FROM organizations WHERE id = $1', [input.organization_id]);
    if (org.length === 0) throw invalidParam('organization_id', `No such organization: '${input.organization_id}'.`);
    return { mode: 'businessOrganization' as const, organization_id: input.organization_id, location_id: null };
  }
  throw new ApiError(
    'invalid_request_error',
    'parameter_missing',
    'A channel account needs location_id (mode location) or organization_id (mode businessOrganization).',
    { param: 'location_id' },
  );
}

function checkChannelSettings(channel: Channel, whatsapp: WhatsAppSettingsInput | undefined, creating: boolean) {
  if (channel !== 'whatsapp') {
    if (whatsapp !== undefined)
      throw invalidParam('whatsapp', `A '${channel}' channel account has no whatsapp settings.`);
    return;
  }
  if (!creating) return;
  if (whatsapp === undefined) throw invalidParam('whatsapp', 'A whatsapp channel account needs its whatsapp settings.');
  for (const field of ['phone_number_id', 'access_token', 'app_secret', 'verify_token'] as const) {
    if (whatsapp[field] === undefined) {
      throw new ApiError(
        'invalid_request_error',
        'parameter_missing',
        `Missing required parameter: whatsapp.${field}.`,
        {
          param: `whatsapp.${field}`,
        },
      );
    }
  }
}

/** A second account for one WhatsApp number would split its conversations: the number is taken. */
async function guardNumber<T>(phoneNumberId: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: string }).code === '23505' && phoneNumberId !== undefined) {
      throw conflict(`Another channel account already uses WhatsApp phone_number_id '${phoneNumberId}'.`, {
        phone_number_id: phoneNumberId,
      });
    }
    throw err;
  }
}

export async function createChannelAccount(db: Queryable, input: ChannelAccountInput): Promise<ChannelAccount> {
  checkChannelSettings(input.channel, input.whatsapp, true);
  const binding = await bindingOf(db, input);
  const wa = input.whatsapp;
  const now = Date.now();
  const rows = await guardNumber(wa?.phone_number_id, () =>
    db.query<ChannelAccountRow>(
      `INSERT INTO channel_accounts (id, channel, name, mode, organization_id, location_id, external_id, settings,
         access_token, app_secret, verify_token_hash, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING *`,
      [
        newId('channel_account', now),
        input.channel,
        input.name ?? null,
        binding.mode,
        binding.organization_id,
        binding.location_id,
        wa?.phone_number_id ?? null,
        JSON.stringify(
          wa
            ? {
                display_phone_number: wa.display_phone_number ?? null,
                templates: mergeTemplates({}, wa.templates ?? {}),
              }
            : {},
        ),
        wa?.access_token ?? null,
        wa?.app_secret ?? null,
        wa?.verify_token ? hashVerifyToken(wa.verify_token) : null,
        new Date(now),
      ],
    ),
  );
  return toChannelAccount(rows[0]);
}

export async function getChannelAccountRow(db: Queryable, id: string, lock = false): Promise<ChannelAccountRow> {
  const [row] = await db.query<ChannelAccountRow>(
    `SELECT * FROM channel_accounts WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
    PREPARED,
  );
  if (!row) throw notFound('channel_account', id);
  return row;
}

export async function getChannelAccount(db: Queryable, id: string) {
  return toChannelAccount(await getChannelAccountRow(db, id));
}

/** Call inside a transaction. Binding and channel are fixed: conversations already depend on them. */
export async function updateChannelAccount(tx: Queryable, id: string, input: ChannelAccountUpdate) {
  const current = await getChannelAccountRow(tx, id, true);
  checkChannelSettings(current.channel, input.whatsapp, false);
  const wa = input.whatsapp ?? {};
  const settings = { ...current.settings };
  if (wa.display_phone_number !== undefined) settings.display_phone_number = wa.display_phone_number;
  if (wa.templates !== undefined) settings.templates = mergeTemplates(settings.templates, wa.templates);
  const rows = await guardNumber(wa.phone_number_id, () =>
    tx.query<ChannelAccountRow>(
      `UPDATE channel_accounts SET name = $2, external_id = $3, settings = $4, access_token = $5, app_secret = $6,
         verify_token_hash = $7, updated_at = now() WHERE id = $1 RETURNING *`,
      [
        id,
        input.name === undefined ? current.name : input.name,
        wa.phone_number_id ?? current.external_id,
        JSON.stringify(settings),
        wa.access_token ?? current.access_token,
        wa.app_secret ?? current.app_secret,
        wa.verify_token ? hashVerifyToken(wa.verify_token) : current.verify_token_hash,
      ],
    ),
  );
  return toChannelAccount(rows[0]);
}

export interface ChannelAccountFilters extends PageParams {
  channel?: Channel;
  organization_id?: string;
  location_id?: string;
}

export async function listChannelAccounts(db: Queryable, q: ChannelAccountFilters) {
  const result = await listPage<ChannelAccountRow>(
    db,
    {
      table: 'channel_accounts',
      filters: { channel: q.channel, organization_id: q.organization_id, location_id: q.location_id },
    },
    q,
  );
  return { ...result, data: result.data.map(toChannelAccount) };
}
