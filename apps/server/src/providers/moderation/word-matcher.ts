import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AhoCorasick from 'modern-ahocorasick';
import { serverRoot } from '../../paths.ts';
import { isModerationCategory, type ModerationCategory } from './moderation.ts';
import { normalizeText, patternForm } from './normalize.ts';

/** One word-list entry: the word as written and its §5 category. */
export type WordEntry = { word: string; category: ModerationCategory };

/** The first listed word found in a text, with its category. */
export type WordHit = { word: string; category: ModerationCategory };

/**
 * A compiled word list (§5 sensitive content): entries in their matching form (normalize.ts) in one
 * Aho–Corasick automaton (modern-ahocorasick), so one pass over a text finds every listed word,
 * whatever the list's size.
 */
export class WordMatcher {
  readonly size: number;
  readonly #automaton: AhoCorasick<WordHit> | null;

  constructor(entries: readonly WordEntry[]) {
    const seen = new Set<string>();
    const patterns: { pattern: string; data: WordHit }[] = [];
    for (const entry of entries) {
      const pattern = patternForm(entry.word);
      if (pattern.length === 0 || seen.has(pattern)) continue;
      seen.add(pattern);
      patterns.push({ pattern, data: { word: pattern.trim(), category: entry.category } });
    }
    this.size = patterns.length;
    this.#automaton = patterns.length > 0 ? new AhoCorasick(patterns) : null;
  }

  /**
   * Listed words found in `normalized` (a text already passed through normalizeText), leftmost first;
   * words in `allowed` (matching forms, trimmed) are skipped.
   */
  find(normalized: string, allowed?: ReadonlySet<string>): WordHit[] {
    if (!this.#automaton) return [];
    const hits: WordHit[] = [];
    for (const match of this.#automaton.iterate(normalized)) {
      if (match.data && !allowed?.has(match.data.word)) hits.push(match.data);
    }
    return hits;
  }

  /** The first listed word of a raw text (normalised here), or null. */
  firstIn(text: string, allowed?: ReadonlySet<string>): WordHit | null {
    return this.find(normalizeText(text), allowed)[0] ?? null;
  }
}

/** The folder of the shipped starter lists: one `<category>.txt` per §5 category. */
export function wordListsFolder(): string {
  return join(serverRoot(), 'src', 'providers', 'moderation', 'word-lists');
}

/**
 * Reads the starter word lists (word-lists/<category>.txt: one entry a line, '#' comments), the
 * baseline of the local provider that organisers extend per meeting.
 */
export function readStarterWordLists(folder = wordListsFolder()): WordEntry[] {
  const entries: WordEntry[] = [];
  for (const file of readdirSync(folder)) {
    const category = file.replace(/\.txt$/, '');
    if (!file.endsWith('.txt') || !isModerationCategory(category)) continue;
    for (const line of readFileSync(join(folder, file), 'utf8').split('\n')) {
      const word = line.trim();
      if (word.length > 0 && !word.startsWith('#')) entries.push({ word, category });
    }
  }
  return entries;
}

let starter: WordMatcher | null = null;

/** The starter lists compiled once per process. */
export function starterWordMatcher(): WordMatcher {
  starter ??= new WordMatcher(readStarterWordLists());
  return starter;
}
