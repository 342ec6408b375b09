import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { answerBuiltin } from '../modules/copilot/copilot.builtin.ts';
import { answerOnce } from '../modules/copilot/copilot.service.ts';
import { type EvalResult, evaluateSet, loadEvalSet } from '../modules/copilot/eval/copilot-eval.ts';
import { reindexSearch } from '../modules/search/search.service.ts';
import { seedDemoCopilot } from '../seeds/demo-copilot.ts';
import { demoMeetingId } from '../seeds/demo-meeting.data.ts';
import { seedDemoMeeting } from '../seeds/demo-meeting.ts';

type Output = { write: (text: string) => unknown };

/**
 * `npm run eval:copilot [-- --verbose]`: seeds the demo meeting and its copilot into a fresh
 * in-memory PGlite (the server's own data is never touched), then prints hit@3 of the built-in
 * assistant on the question set and on the held-out set, and — when AI_BASE_URL is set — of the
 * configured model through the copilot service's answerOnce (§1 copilot). `--verbose` lists the
 * misses. Returns the exit code: 0, or 1 with the error on stderr.
 */
export async function runEvalCopilot(
  argv: string[],
  io: { stdout: Output; stderr: Output; env: NodeJS.ProcessEnv } = {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  },
): Promise<number> {
  const isVerbose = argv.includes('--verbose');
  const config = loadConfig({ ...io.env, NODE_ENV: io.env.NODE_ENV ?? 'development' });
  const database = await openDatabase({});
  try {
    await database.migrate();
    io.stdout.write('seeding the demo meeting (about 15 s)…\n');
    await seedDemoMeeting({ db: database.db });
    await seedDemoCopilot(database.db);
    await reindexSearch({ db: database.db }, { meetingId: demoMeetingId });
    const db = database.db;
    const sets = {
      questions: await loadEvalSet('questions'),
      heldout: await loadEvalSet('heldout'),
    } as const;
    const report = (engine: string, name: string, result: EvalResult) => {
      io.stdout.write(
        `${engine.padEnd(8)} ${name.padEnd(10)} hit@3 ${result.hitAt3.toFixed(3)} (${result.hits}/${result.total})\n`,
      );
      if (isVerbose) {
        for (const miss of result.misses) {
          io.stdout.write(`  miss ${miss.id} ${miss.question} → ${miss.cards.join(' | ') || '(no card)'}\n`);
        }
      }
    };
    for (const [name, questions] of Object.entries(sets)) {
      const result = await evaluateSet(db, questions, (question) =>
        answerBuiltin(
          { db, config },
          { meetingId: demoMeetingId, question: question.question, language: question.language },
        ),
      );
      report('builtin', name, result);
    }
    if (config.AI_BASE_URL) {
      for (const [name, questions] of Object.entries(sets)) {
        const result = await evaluateSet(db, questions, (question) =>
          answerOnce(
            { db, config },
            {
              meetingId: demoMeetingId,
              question: question.question,
              language: question.language,
              engine: 'model',
            },
          ),
        );
        report('model', name, result);
      }
    } else {
      io.stdout.write('model    (AI_BASE_URL not set: skipped)\n');
    }
    return 0;
  } catch (error) {
    io.stderr.write(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

// Run only as the process entry, not when a test imports runEvalCopilot.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  process.exitCode = await runEvalCopilot(process.argv.slice(2));
}
