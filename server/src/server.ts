import { buildApp } from './app.js';
import { loadConfig } from './config.js';

/** Process entry point: configuration from the environment, migrations at start, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (!config.smtpUrl) {
    app.log.info({ mailDir: `${config.dataDir}/mail` }, 'SMTP_URL is not set: mail is written as .eml files');
  }
}

main().catch((err) => {
  console.error('failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
