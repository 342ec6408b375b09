import { realpathSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { normaliseEmail, normalisePhone } from '@app/domain/contact';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { grantAdmin } from '../modules/roles/roles.admins.ts';
import { reindexSearch } from '../modules/search/search.service.ts';

const usage = `Usage: npm run admin -- grant-admin <phone|email>
       npm run admin -- reindex-search [meeting id]

Makes a phone (E.164 such as +8613800138000, or a mainland number without +86) or an e-mail a
platform administrator of the organiser console (DESIGN §7): after logging in with it, the
console at #/console can create meetings and grant owners. ADMIN_PHONES / ADMIN_EMAILS in the
environment do the same without this command.

reindex-search rewrites the /meeting/search index of one meeting (or of every meeting) from its
sessions, speakers, exhibitors and products — for data written before the index existed; writes
keep it current by themselves.

The database is the server's: DATABASE_URL when set, else PGlite in DATA_DIR (default ./data).
Stop a server using the same PGlite folder first: PGlite allows one process at a time.`;

type Output = { write: (text: string) => unknown };

/**
 * `admin grant-admin <phone|email>`: opens and migrates the database like the server does and adds
 * the address to platform_admins. `admin reindex-search [meeting id]`: rewrites the search index.
 * Returns the process exit code: 0 on success (also when already an administrator), 1 with a message
 * on stderr.
 */
export async function runAdminCli(
  argv: string[],
  io: { stdout: Output; stderr: Output; env: NodeJS.ProcessEnv } = {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  },
): Promise<number> {
  const fail = (message: string) => {
    io.stderr.write(`error: ${message}\n`);
    return 1;
  };
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(`${usage}\n`);
    return 0;
  }
  const [command, value, ...rest] = argv;
  if (command === 'reindex-search') {
    if (rest.length > 0 || (value !== undefined && !/^[0-9a-f]{24}$/.test(value))) return fail(usage);
    return withDatabase(io, fail, async (database) => {
      const items = await reindexSearch(
        { db: database.db },
        {
          ...(value ? { meetingId: value } : {}),
          onMeeting: (meetingId, count) => io.stdout.write(`indexed meeting ${meetingId}: ${count} items\n`),
        },
      );
      io.stdout.write(`search index rebuilt: ${items} items\n`);
    });
  }
  if (command !== 'grant-admin' || !value || rest.length > 0) return fail(usage);
  const email = value.includes('@') ? normaliseEmail(value) : null;
  const phone = value.includes('@') ? null : (normalisePhone(value)?.e164 ?? null);
  if (!email && !phone) return fail(`"${value}" is neither a valid phone nor a valid e-mail`);
  return withDatabase(io, fail, async (database) => {
    const isNew = await grantAdmin(database.db, { phone, email });
    io.stdout.write(`${phone ?? email} ${isNew ? 'is now' : 'was already'} a platform administrator\n`);
  });
}

/** Opens and migrates the server's database, runs `work`, closes it; the exit code (1 with a message on failure). */
async function withDatabase(
  io: { env: NodeJS.ProcessEnv },
  fail: (message: string) => number,
  work: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>,
): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    return fail((error as Error).message);
  }
  // Relative to the folder npm was started in (`npm run admin` at the root runs inside apps/server).
  const base = io.env.INIT_CWD ?? process.cwd();
  const dataDir = isAbsolute(config.DATA_DIR) ? config.DATA_DIR : resolve(base, config.DATA_DIR);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = config.DATABASE_URL
      ? await openDatabase({ url: config.DATABASE_URL, poolSize: 1 })
      : await openDatabase({ dataDir });
  } catch (error) {
    return fail(`cannot open the database: ${(error as Error).message}`);
  }
  try {
    await database.migrate();
    await work(database);
    return 0;
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  } finally {
    await database.close();
  }
}

// Run only as the process entry (tsx src/cli/admin.ts), not when a test imports runAdminCli.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  process.exitCode = await runAdminCli(process.argv.slice(2));
}
