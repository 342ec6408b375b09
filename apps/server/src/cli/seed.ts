import { realpathSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { reindexSearch } from '../modules/search/search.service.ts';
import { createStorage } from '../providers/storage/create-storage.ts';
import { demoMeetingId } from '../seeds/demo-meeting.data.ts';
import { maxGeneratedExhibitors } from '../seeds/exhibitors-generator.ts';
import { SeedRefusedError, seedExhibitors } from '../seeds/seed-exhibitors.ts';

const usage = `Usage: npm run seed -- exhibitors <count> [--meeting <id>] [--seed <n>] [--replace]

Fills a meeting with <count> generated exhibitors (1..${maxGeneratedExhibitors}): enterprises named in
Chinese, English, Japanese and Korean, booths, industry and exhibitor-group categories, logos, and
ten products each with images. The same --seed gives the same names.

  --meeting <id>  the meeting to fill (24-hex id); default the demo meeting ${demoMeetingId}
  --seed <n>      integer seed of the names (default 2019)
  --replace       remove the meeting's earlier generated exhibitors first; without it a meeting
                  that already has generated exhibitors is refused (real exhibitors are never touched)
  --help          show this text

The database is the server's: DATABASE_URL when set, else PGlite in DATA_DIR (default ./data);
images go to the server's storage (DATA_DIR/uploads, or S3 when S3_BUCKET is set).
Stop a server using the same PGlite folder first: PGlite allows one process at a time.`;

type Output = { write: (text: string) => unknown; isTTY?: boolean };

/**
 * `seed exhibitors <count> [--meeting <id>] [--seed <n>] [--replace]`: opens and migrates the
 * database like the server does, generates and inserts, printing a line per batch and a summary
 * with the time taken. Returns the process exit code: 0 on success, 1 with a message on stderr.
 */
export async function runSeedCli(
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
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${usage}`);
  }
  if (args.values.help) {
    io.stdout.write(`${usage}\n`);
    return 0;
  }
  const [command, countText, ...rest] = args.positionals;
  if (command !== 'exhibitors' || !countText || rest.length > 0) {
    return fail(command && command !== 'exhibitors' ? `unknown seed "${command}"\n\n${usage}` : usage);
  }
  const count = Number(countText);
  if (!/^\d+$/.test(countText) || count < 1 || count > maxGeneratedExhibitors) {
    return fail(`count must be an integer from 1 to ${maxGeneratedExhibitors}, not "${countText}"`);
  }
  const meetingId = args.values.meeting ?? demoMeetingId;
  if (!/^[0-9a-f]{24}$/.test(meetingId)) return fail(`--meeting must be a 24-hex id, not "${meetingId}"`);
  const seedText = args.values.seed;
  if (seedText !== undefined && !/^-?\d{1,9}$/.test(seedText)) {
    return fail(`--seed must be an integer, not "${seedText}"`);
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    return fail((error as Error).message);
  }
  // Relative to the folder npm was started in (`npm run seed` at the root runs inside apps/server).
  const base = io.env.INIT_CWD ?? process.cwd();
  const dataDir = isAbsolute(config.DATA_DIR) ? config.DATA_DIR : resolve(base, config.DATA_DIR);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = config.DATABASE_URL
      ? await openDatabase({ url: config.DATABASE_URL, poolSize: 2 })
      : await openDatabase({ dataDir });
  } catch (error) {
    return fail(`cannot open the database: ${(error as Error).message}`);
  }
  try {
    await database.migrate();
    const storage = createStorage({ ...config, DATA_DIR: dataDir });
    const started = performance.now();
    const result = await seedExhibitors(
      { db: database.db, storage },
      {
        meetingId,
        count,
        onExisting: args.values.replace ? 'replace' : 'refuse',
        ...(seedText !== undefined ? { seed: Number(seedText) } : {}),
        onProgress: (done, total) => {
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          io.stdout.write(`inserted ${done}/${total} exhibitors (${done * 10} products), ${seconds} s\n`);
        },
      },
    );
    // The generated rows' triggers marked them stale: index the meeting for /meeting/search now.
    const indexed = await reindexSearch({ db: database.db }, { meetingId });
    const milliseconds = Math.round(performance.now() - started);
    io.stdout.write(
      `${[
        `seeded meeting ${meetingId} (${database.kind})`,
        `  exhibitors ${result.exhibitors}`,
        `  products   ${result.products}`,
        `  categories ${result.categoriesCreated} created`,
        ...(result.replaced > 0 ? [`  replaced   ${result.replaced} earlier generated exhibitors`] : []),
        ...(result.accountsRebound > 0
          ? [`  rebound    ${result.accountsRebound} exhibitor account(s) to ${result.firstEnterpriseId}`]
          : []),
        `  indexed    ${indexed} items for search`,
        `  took       ${milliseconds} ms`,
      ].join('\n')}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SeedRefusedError || error instanceof RangeError) {
      const hint =
        meetingId === demoMeetingId && /does not exist/.test(error.message)
          ? ' (the server creates the demo meeting when it first starts on an empty database; or pass --meeting)'
          : '';
      return fail(`${error.message}${hint}`);
    }
    if (!(error instanceof Error)) return fail(String(error));
    const cause = error.cause instanceof Error ? `\n  cause: ${error.cause.message}` : '';
    return fail(`${error.message.split('\n')[0]}${cause}`);
  } finally {
    await database.close();
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      meeting: { type: 'string' },
      seed: { type: 'string' },
      replace: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

// Run only as the process entry (tsx src/cli/seed.ts), not when a test imports runSeedCli.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  process.exitCode = await runSeedCli(process.argv.slice(2));
}
