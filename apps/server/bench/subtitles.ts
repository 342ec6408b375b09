/**
 * `npm run bench:subtitles`: the delay of live subtitles (§1 AI subtitles) from the end of a sentence's
 * audio to its cue reaching the room, with the fake speech-to-text server (no model latency: what is
 * measured is the app's own part — silence detection, cutting, the STT round trip, the cue's insert
 * and the hub's publish). espeak-ng speaks BENCH_SUBTITLE_SENTENCES sentences (default 8) with
 * 0.8 s pauses; the file is served over local HTTP and read by ffmpeg at its native rate (`-re`), as
 * a live source plays. Printed per cue and as p50 / p95 / max:
 * - heard → published: publish time − the instant the cue's last sample played (read start + end_ms);
 * - stored: created_at − audio_end_at of the cue (what the console shows as last_delay_ms).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { newId } from '../src/db/ids.ts';
import { lives } from '../src/modules/agendas/agendas.tables.ts';
import { findSubtitleRun } from '../src/modules/subtitles/subtitles.repository.ts';
import { startLiveWorker } from '../src/modules/subtitles/subtitles.service.ts';
import { liveSubtitleCues, liveSubtitleSettings } from '../src/modules/subtitles/subtitles.tables.ts';
import { startFakeOpenAi } from '../src/providers/ai/fake-openai-server.ts';
import { ids, seedFixture } from '../test/fixture.ts';
import { createTestApp } from '../test/test-app.ts';

const sentenceCount = Number(process.env.BENCH_SUBTITLE_SENTENCES ?? 8);
const lines = [
  'Welcome to the opening keynote of the exhibition.',
  'Today we talk about the future of trade fairs.',
  'Our first speaker builds robots for warehouses.',
  'After the break we visit the hall of new materials.',
  'Questions can be asked in the chat at any time.',
  'The afternoon sessions start at two o clock.',
  'Please visit the exhibitors on the second floor.',
  'Thank you for joining us and enjoy the show.',
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-subtitles-'));
  const inputs: string[] = [];
  for (let index = 0; index < sentenceCount; index += 1) {
    const file = join(dir, `s${index}.wav`);
    execFileSync('espeak-ng', ['-w', file, lines[index % lines.length] as string]);
    inputs.push(file);
  }
  const filters = inputs.map((_, index) => `[${index}]apad=pad_dur=0.8[a${index}]`).join(';');
  const chain = inputs.map((_, index) => `[a${index}]`).join('');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...inputs.flatMap((file) => ['-i', file]),
    ...['-filter_complex', `${filters};${chain}concat=n=${inputs.length}:v=0:a=1`, join(dir, 'speech.wav')],
  ]);
  const audio = readFileSync(join(dir, 'speech.wav'));
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': audio.length }).end(audio);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/speech.wav`;

  const fake = await startFakeOpenAi();
  fake.setTranscripts(
    Array.from({ length: sentenceCount }, (_, index) => lines[index % lines.length] as string),
  );
  const t = await createTestApp({ env: { AI_BASE_URL: fake.url, AI_STT_MODEL: 'whisper-1' } });
  const db = t.database.db;
  await seedFixture(db);
  const liveId = newId();
  await db.insert(lives).values({
    id: liveId,
    meetingId: ids.meeting,
    title: { en: 'Bench live' },
    start: new Date(Date.now() - 3_600_000),
    end: new Date(Date.now() + 3_600_000),
    access: 'public',
    sourceKind: 'url',
    sourceUrl: url,
  });
  await db
    .insert(liveSubtitleSettings)
    .values({ liveId, enabled: 1, sourceLanguage: 'en', targetLanguages: [] });

  const published = new Map<number, number>();
  const readStart = Date.now();
  const outcome = await startLiveWorker(
    {
      db,
      config: t.app.deps.config,
      realtime: true,
      log: { warn: (obj, msg) => console.warn(msg, obj) },
      publish: async (_liveId, event) => {
        if (event.type === 'subtitle') published.set(event.cue.seq, Date.now());
      },
    },
    liveId,
  );
  if (outcome !== 'started') throw new Error(`worker did not start: ${outcome}`);
  const deadline = Date.now() + (audio.length / 32 + 30_000);
  while ((await findSubtitleRun(db, liveId))?.state === 'running') {
    if (Date.now() > deadline) throw new Error('the worker did not finish');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const cues = await db
    .select()
    .from(liveSubtitleCues)
    .where(eq(liveSubtitleCues.liveId, liveId))
    .orderBy(liveSubtitleCues.seq);
  const heard: number[] = [];
  const stored: number[] = [];
  for (const cue of cues) {
    const at = published.get(cue.seq) ?? Number.NaN;
    const heardDelay = at - (readStart + cue.endMs);
    const storedDelay = cue.createdAt.getTime() - (cue.audioEndAt?.getTime() ?? Number.NaN);
    heard.push(heardDelay);
    stored.push(storedDelay);
    console.log(
      `cue ${cue.seq}: ${(cue.startMs / 1000).toFixed(2)}–${(cue.endMs / 1000).toFixed(2)} s  heard→published ${heardDelay} ms  stored ${storedDelay} ms  "${cue.text}"`,
    );
  }
  console.log(
    `\n${cues.length}/${sentenceCount} cues. heard→published p50 ${percentile(heard, 50)} ms, p95 ${percentile(heard, 95)} ms, max ${Math.max(...heard)} ms; stored delay p50 ${percentile(stored, 50)} ms, p95 ${percentile(stored, 95)} ms`,
  );
  await t.close();
  await fake.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
