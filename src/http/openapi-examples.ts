/**
 * One example per named schema of the OpenAPI document (requests and responses), by component name,
 * attached as the schema's `examples` by openapi-extras.ts. Each is written beside the schema it
 * illustrates, in src/contracts/rest/, as `<component name>Example`; test/http/openapi.test.ts validates
 * each one against its schema, and fails on one no component uses and on an operation without one (so a
 * contracts file left out of the list below shows).
 */
import * as apiKeys from '../contracts/rest/api-keys.js';
import * as channelAccounts from '../contracts/rest/channel-accounts.js';
import * as common from '../contracts/rest/common.js';
import * as conversations from '../contracts/rest/conversations.js';
import * as customers from '../contracts/rest/customers.js';
import * as drafts from '../contracts/rest/drafts.js';
import * as events from '../contracts/rest/events.js';
import * as insights from '../contracts/rest/insights.js';
import * as menuExample from '../contracts/rest/menu-example.js';
import * as menuPutExample from '../contracts/rest/menu-put-example.js';
import * as menus from '../contracts/rest/menus.js';
import * as orderCreate from '../contracts/rest/order-create.js';
import * as orderNotices from '../contracts/rest/order-notices.js';
import * as orders from '../contracts/rest/orders.js';
import * as resources from '../contracts/rest/resources.js';
import * as settings from '../contracts/rest/settings.js';
import * as users from '../contracts/rest/users.js';
import * as webhookDeliveries from '../contracts/rest/webhook-deliveries.js';
import * as whatsappNotifications from '../contracts/rest/whatsapp-notifications.js';

const SUFFIX = 'Example';

export const EXAMPLES: Record<string, unknown> = Object.fromEntries(
  [
    apiKeys,
    channelAccounts,
    common,
    conversations,
    customers,
    drafts,
    events,
    insights,
    menuExample,
    menuPutExample,
    menus,
    orderCreate,
    orderNotices,
    orders,
    resources,
    settings,
    users,
    webhookDeliveries,
    whatsappNotifications,
  ]
    .flatMap((module) => Object.entries(module))
    .filter(([name]) => name.endsWith(SUFFIX))
    .map(([name, example]) => [name.slice(0, -SUFFIX.length), example]),
);
