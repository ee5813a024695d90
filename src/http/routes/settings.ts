import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../contracts/rest/common.js';
import { IdParam } from '../../contracts/rest/ids.js';
import { SETTINGS_SCHEMAS } from '../../contracts/rest/settings.js';
import type { Db } from '../../db/client.js';
import type { SettingsKind } from '../../domain/settings/kinds.js';
import { getSettings, writeSettings } from '../../domain/settings/store.js';

const tags = ['Location settings'];
const params = IdParam('location_id');
const read = { permission: 'settings.read' };
const write = { permission: 'settings.write' };

/** GET and PATCH for four objects; opening hours are replaced whole with PUT, as the spec lists. */
export const settingsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  for (const [kind, { fields, readOnly, out }] of Object.entries(SETTINGS_SCHEMAS) as [
    SettingsKind,
    (typeof SETTINGS_SCHEMAS)[SettingsKind],
  ][]) {
    const path = `/locations/:location_id/${kind}`;
    const response = { 200: Type.Ref(out), ...errorResponses };
    const title = kind.replace(/_/g, ' ');
    const name = kind.replace(/_(.)/g, (_, c: string) => c.toUpperCase()).replace(/^./, (c) => c.toUpperCase());

    app.get(path, {
      schema: { tags, operationId: `get${name}`, summary: `Retrieve ${title}`, params, response },
      config: read,
      handler: async (req) => getSettings(db, req.params.location_id, kind),
    });

    const replace = kind === 'opening_hours';
    // Read-only fields are in the body too: a GET's answer written back unchanged is a valid write.
    const body = replace
      ? Type.Object({ ...fields, ...readOnly }, { additionalProperties: false })
      : Type.Partial(Type.Object({ ...fields, ...readOnly }), { additionalProperties: false });
    app.route({
      method: replace ? 'PUT' : 'PATCH',
      url: path,
      schema: {
        tags,
        operationId: `${replace ? 'replace' : 'update'}${name}`,
        summary: replace ? `Replace ${title}` : `Update ${title}; each field given replaces the stored one`,
        params,
        body,
        response,
      },
      config: write,
      handler: async (req) =>
        db.transaction((tx) =>
          writeSettings(
            tx,
            req.params.location_id,
            kind,
            req.body as Record<string, unknown>,
            replace ? 'replace' : 'merge',
          ),
        ),
    });
  }
};
