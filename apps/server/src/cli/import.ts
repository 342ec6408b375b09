import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { AppError } from '../errors.ts';
import {
  type ChangeCounts,
  type ImportSummary,
  importSchedule,
} from '../modules/schedule/schedule.service.ts';

const usage = `Usage: npm run import -- schedule <file.json> [--meeting <id>]

Imports a frab/pretalx schedule JSON (c3voc schema) into a meeting. Re-importing the same file
updates the sessions in place; sessions no longer in the file are soft-deleted.

  --meeting <id>  import into this existing meeting (24-hex id); without it the meeting imported
                  earlier with the same acronym is updated, or a new meeting is created
  --help          show this text

The database is the server's: DATABASE_URL when set, else PGlite in DATA_DIR (default ./data).
Stop a server using the same PGlite folder first: PGlite allows one process at a time.`;

type Output = { write: (text: string) => unknown; isTTY?: boolean };

/**
 * A progress callback for importSchedule: on a terminal one line rewritten in place
 * (`importing sessions 120/412`), otherwise a plain line at 0% and at every further 10%.
 */
export function createProgressPrinter(out: Output): {
  onProgress: (done: number, total: number) => void;
  end: () => void;
} {
  let lastDecile = -1;
  let hasLine = false;
  let lastText = '';
  return {
    onProgress: (done, total) => {
      const text = `importing sessions ${done}/${total}`;
      if (text === lastText) return;
      lastText = text;
      if (out.isTTY) {
        out.write(`\r${text}`);
        hasLine = true;
        return;
      }
      const decile = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (decile > lastDecile) {
        lastDecile = decile;
        out.write(`${text}\n`);
      }
    },
    end: () => {
      if (hasLine) out.write('\n');
      hasLine = false;
    },
  };
}

/** The closing summary: one line per kind of row, then the meeting id. */
export function formatSummary(file: string, summary: ImportSummary): string {
  const line = (label: string, counts: ChangeCounts) =>
    `  ${label.padEnd(9)} ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.removed} removed`;
  return [
    `imported ${file}`,
    line('sessions', summary.sessions),
    line('speakers', summary.speakers),
    line('rooms', summary.rooms),
    line('tracks', summary.tracks),
    `  meeting   ${summary.meetingId}${summary.isMeetingCreated ? ' (created)' : ''}`,
  ].join('\n');
}

/**
 * `import schedule <file> [--meeting <id>]`: reads and parses the file (relative to the folder npm was
 * started in), opens the database like the server does, migrates it, imports, prints progress and a
 * summary. Returns the process exit code: 0 on success, 1 with a message on stderr on any failure.
 */
export async function runImportCli(
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
  const [command, file, ...rest] = args.positionals;
  if (command !== 'schedule' || !file || rest.length > 0) {
    return fail(command && command !== 'schedule' ? `unknown import "${command}"\n\n${usage}` : usage);
  }

  // Relative to the folder npm was started in (`npm run import` at the root runs inside apps/server).
  const base = io.env.INIT_CWD ?? process.cwd();
  const resolvePath = (value: string) => (isAbsolute(value) ? value : resolve(base, value));
  const path = resolvePath(file);
  let document: unknown;
  try {
    document = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    const reason =
      error instanceof SyntaxError
        ? `is not valid JSON (${error.message})`
        : `cannot be read (${(error as Error).message})`;
    return fail(`${path} ${reason}`);
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    return fail((error as Error).message);
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = config.DATABASE_URL
      ? await openDatabase({ url: config.DATABASE_URL, poolSize: 2 })
      : await openDatabase({ dataDir: resolvePath(config.DATA_DIR) });
  } catch (error) {
    return fail(`cannot open the database: ${(error as Error).message}`);
  }
  const progress = createProgressPrinter(io.stdout);
  try {
    await database.migrate();
    const started = performance.now();
    const summary = await importSchedule(
      { db: database.db },
      {
        document,
        ...(args.values.meeting !== undefined ? { meetingId: args.values.meeting } : {}),
        onProgress: progress.onProgress,
      },
    );
    progress.end();
    io.stdout.write(
      `${formatSummary(file, summary)}\n  took      ${Math.round(performance.now() - started)} ms\n`,
    );
    return 0;
  } catch (error) {
    progress.end();
    if (error instanceof AppError) {
      const details = (error.details ?? [])
        .slice(1, 20)
        .map((detail) => `\n  ${detail.path}: ${detail.message}`);
      return fail(`${error.message}${details.join('')}`);
    }
    if (!(error instanceof Error)) return fail(String(error));
    // Drizzle wraps driver errors ("Failed query: …"); the cause says what went wrong (ECONNREFUSED …).
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
    options: { meeting: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
}

// Run only as the process entry (tsx src/cli/import.ts), not when a test imports runImportCli.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  process.exitCode = await runImportCli(process.argv.slice(2));
}
