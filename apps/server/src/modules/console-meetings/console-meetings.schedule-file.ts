import type { ScheduleFileError } from '@app/contracts';
import { AppError } from '../../errors.ts';
import { formatPath, validateScheduleDocument } from '../schedule/schedule.import-mapping.ts';

/**
 * Reading an uploaded schedule JSON file in the console (schedule interchange): the importer's own
 * validation (schedule.import-mapping.ts, the checks `npm run import` makes), with each problem placed
 * on its line of the file so an organiser can find it.
 */

const maxErrors = 100;
/**
 * Nesting below which linesByPath records lines; deeper values (no schedule nests that far) are
 * skipped without recursion, so a file of a million nested brackets cannot overflow the stack (a 500).
 */
const maxLineDepth = 64;

/** 1-based line of a character offset of `text`. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

/** Where JSON.parse stopped: its message names a position (and, in newer engines, line and column). */
function syntaxErrorLine(text: string, error: SyntaxError): number {
  const lineColumn = /line (\d+) column \d+/.exec(error.message);
  if (lineColumn) return Number(lineColumn[1]);
  const position = /position (\d+)/.exec(error.message);
  if (position) return lineAt(text, Number(position[1]));
  if (/end of JSON input/.test(error.message)) return lineAt(text, text.length);
  // Node 20 (V8 11) quotes ten characters either side of the token instead: `…, ..."erence": [,]" is not valid JSON`.
  const excerpt = /"(\.\.\.)?([\s\S]*?)(\.\.\.)?" is not valid JSON$/.exec(error.message);
  const context = excerpt?.[2];
  if (!context) return 0;
  const start = text.indexOf(context);
  if (start < 0) return 0;
  return lineAt(text, start + (excerpt?.[1] ? Math.min(10, context.length - 1) : 0));
}

/** One path segment as formatPath writes it (`.key`, `[3]`, `["Saal 1"]`); root keys have no dot. */
function segment(parent: string, key: string | number): string {
  const path = formatPath([key]);
  if (typeof key === 'number' || path.startsWith('[')) return `${parent}${path}`;
  return parent === '' ? path : `${parent}.${path}`;
}

/**
 * The line of every value of a (valid) JSON text, by the JSON path formatPath gives it, down to
 * `maxLineDepth` levels (a deeper issue takes the line of its nearest recorded parent). A small
 * scanner: JSON.parse keeps no positions.
 */
function linesByPath(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let i = 0;
  let line = 1;
  const skipSpace = () => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 10) line += 1;
      else if (c !== 32 && c !== 9 && c !== 13) break;
      i += 1;
    }
  };
  const readString = (): string => {
    const start = i;
    i += 1;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i += 1;
    return JSON.parse(text.slice(start, i)) as string;
  };
  /** Skips the object or array at `i`, its strings and newlines included, without recursion. */
  const skipNested = () => {
    let depth = 0;
    do {
      const c = text[i];
      if (c === '"') {
        readString();
        continue;
      }
      if (c === '{' || c === '[') depth += 1;
      else if (c === '}' || c === ']') depth -= 1;
      else if (c === '\n') line += 1;
      i += 1;
    } while (depth > 0 && i < text.length);
  };
  const value = (path: string, depth: number) => {
    skipSpace();
    lines.set(path, line);
    const c = text[i];
    if ((c === '{' || c === '[') && depth >= maxLineDepth) {
      skipNested();
    } else if (c === '{') {
      i += 1;
      skipSpace();
      while (text[i] !== '}') {
        skipSpace();
        const key = readString();
        skipSpace();
        i += 1; // ':'
        value(segment(path, key), depth + 1);
        skipSpace();
        if (text[i] === ',') i += 1;
        skipSpace();
      }
      i += 1;
    } else if (c === '[') {
      i += 1;
      skipSpace();
      let index = 0;
      while (text[i] !== ']') {
        value(segment(path, index), depth + 1);
        index += 1;
        skipSpace();
        if (text[i] === ',') i += 1;
        skipSpace();
      }
      i += 1;
    } else if (c === '"') {
      readString();
    } else {
      while (i < text.length && !/[\s,\]}]/.test(text[i] ?? '')) i += 1;
    }
  };
  value('', 0);
  return lines;
}

const lastSegment = /(\.[A-Za-z_$][\w$]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])$/;

/** The line of an issue's path, or of its nearest enclosing value that exists (a missing key). */
function lineOfPath(lines: Map<string, number>, path: string): number {
  let current = path === '(document)' ? '' : path;
  for (;;) {
    const found = lines.get(current);
    if (found !== undefined) return found;
    if (current === '') return 1;
    const next = current.replace(lastSegment, '');
    if (next === current) {
      // A root key (no leading dot).
      return lines.get('') ?? 1;
    }
    current = next;
  }
}

/** 400 invalid_schedule with the problems by line (`data.errors`, also as `details`); nothing is written. */
function invalidSchedule(errors: ScheduleFileError[]): AppError {
  const [first] = errors;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return new AppError(
    400,
    'invalid_schedule',
    `Invalid schedule: line ${first?.line}: ${first?.path}: ${first?.message}${more}`,
    errors.map((error) => ({ path: `line ${error.line}`, message: `${error.path}: ${error.message}` })),
    { data: { errors } },
  );
}

/**
 * Parses and validates a schedule JSON file's text as the importer does.
 * @returns the parsed document, ready for importSchedule
 * @throws 400 invalid_schedule whose `data.errors` lists `{ line, path, message }` (at most 100)
 */
export function readScheduleFile(text: string): unknown {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const line = error instanceof SyntaxError ? syntaxErrorLine(text, error) : 0;
    throw invalidSchedule([{ line, path: '(document)', message: `not valid JSON: ${message}` }]);
  }
  const validated = validateScheduleDocument(document);
  if (validated.ok) return document;
  const lines = linesByPath(text);
  throw invalidSchedule(
    validated.issues.slice(0, maxErrors).map((issue) => ({
      line: lineOfPath(lines, issue.path),
      path: issue.path,
      message: issue.message,
    })),
  );
}
