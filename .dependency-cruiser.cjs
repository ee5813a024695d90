/**
 * The house's import rules (docs/architecture.md), checked by `npm run lint`: no import circle anywhere,
 * and imports only downward through the server's layers. Lower layers never import higher ones:
 *   lib  <  db  <  domain (with the queue primitives in jobs/schedule, jobs/types)  <  contracts  <  transports
 * (http, webhooks, channels, jobs' runner, cli). The contracts (src/contracts/: the REST resources and the
 * message webhook's body and answer, as TypeBox schemas) are what every transport speaks. The reference
 * chatbot is its own process: it and the server never import each other; the generated client imports
 * neither. The chatbot learns the webhook's contract from what the server publishes, as any receiver would:
 * openapi.json (read at start by chatbot/contract.ts, not imported) and its generated types,
 * client/generated/api.ts (types only).
 */
const transports = '^src/(http|webhooks|channels|cli)/|^src/jobs/runner';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle ties modules that should stand alone: move what both need below both.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-stays-lowest',
      severity: 'error',
      comment: 'src/lib holds plain helpers: it imports no other part of the server.',
      from: { path: '^src/lib/' },
      to: { path: '^src/(db|domain|contracts|http|webhooks|channels|jobs|cli)/' },
    },
    {
      name: 'db-below-domain',
      severity: 'error',
      comment: 'src/db is the database access: it knows no domain rule and no transport.',
      from: { path: '^src/db/' },
      to: { path: '^src/(domain|contracts|http|webhooks|channels|jobs|cli)/' },
    },
    {
      name: 'domain-below-transports',
      severity: 'error',
      comment:
        'src/domain is plain functions: no Fastify, no webhook, channel or CLI code. What it must enqueue goes through a lower module (src/db/notify-channels.ts, src/jobs/schedule.ts).',
      from: { path: '^src/domain/' },
      to: { path: transports },
    },
    {
      name: 'domain-below-contracts',
      severity: 'error',
      comment:
        'The domain works on its own types; how a resource looks on the wire (src/contracts) is decided above it, from its constants.',
      from: { path: '^src/domain/' },
      to: { path: '^src/contracts/' },
    },
    {
      name: 'contracts-below-transports',
      severity: 'error',
      comment:
        'src/contracts is the wire schemas every transport speaks: it may use lib, the domain\'s constants and TypeBox, never a transport, or one transport would be tied to another through it.',
      from: { path: '^src/contracts/' },
      to: { path: '^src/(http|webhooks|channels|cli|jobs)/' },
    },
    {
      name: 'server-and-chatbot-apart',
      severity: 'error',
      comment: 'The reference chatbot is its own process, talking to the server only through the webhook.',
      from: { path: '^src/' },
      to: { path: '^chatbot/' },
    },
    {
      name: 'chatbot-and-server-apart',
      severity: 'error',
      comment: 'The reference chatbot is its own process, talking to the server only through the webhook.',
      from: { path: '^chatbot/' },
      to: { path: '^src/' },
    },
    {
      name: 'chatbot-takes-the-published-contract',
      severity: 'error',
      comment:
        'The chatbot reads the contract the server publishes: from client/ only the generated types (client/generated/api.ts via chatbot/wire.ts), not the API client, which its receiver never calls (the terminal customer, chatbot/chat/, may).',
      from: { path: '^chatbot/', pathNot: '^chatbot/chat/' },
      to: { path: '^client/', pathNot: '^client/generated/' },
    },
    {
      name: 'client-stands-alone',
      severity: 'error',
      comment: 'The generated client is published on its own: it imports neither the server nor the chatbot.',
      from: { path: '^client/' },
      to: { path: '^(src|chatbot)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
