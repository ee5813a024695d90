export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  adminApiKey?: string;
  chatbotUrl?: string;
  chatbotToken?: string;
  whatsappGraphBaseUrl: string;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got '${env.PORT}'`);
  }
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    adminApiKey: env.ADMIN_API_KEY || undefined,
    chatbotUrl: env.CHATBOT_URL || undefined,
    chatbotToken: env.CHATBOT_TOKEN || undefined,
    whatsappGraphBaseUrl: env.WHATSAPP_GRAPH_BASE_URL || 'https://graph.facebook.com',
    logLevel: env.LOG_LEVEL || 'info',
  };
}
