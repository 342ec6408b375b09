import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { publicUrlNotice } from './modules/shared/public-links.ts';
import { startServer } from './start-server.ts';

// Process entry of `npm start`: validated configuration, listen, graceful shutdown.
const config = loadConfig();
const server = await startServer(config);
server.app.log.info(`serving on ${server.url} (database: ${server.database.kind})`);
// Where links in messages point, and how to change it when PUBLIC_URL was left unset.
const notice = publicUrlNotice(config, process.env);
server.app.log[notice.level](notice.message);
// On SIGINT/SIGTERM: stop accepting connections, let in-flight requests finish, then close the database.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) server.app.log.error({ err }, 'shutting down after an error');
  else server.app.log.info(`${signal} received, shutting down`);
  await server.close();
});
