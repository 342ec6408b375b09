/**
 * Types of node-webvtt (it ships none), for what the server uses: compiling a WebVTT file from cues
 * (the replay's subtitle track, §7 GET /subtitles). Times are seconds.
 */
declare module 'node-webvtt' {
  export type WebVttCue = {
    /** '' for none; a string or number is written on the line before the times. */
    identifier: string | number | null;
    /** Seconds from the start of the media. */
    start: number;
    end: number;
    /** The cue's text (WebVTT markup: escape `&`, `<`, `>`; no blank line). */
    text: string;
    /** Cue settings after the times, e.g. 'align:start'; '' for none. */
    styles: string;
  };
  export type WebVttInput = { valid: boolean; cues: WebVttCue[]; meta?: Record<string, string> };
  /** The WebVTT text; throws a CompilerError on cues out of order or malformed. */
  export function compile(input: WebVttInput): string;
  export function parse(
    input: string,
    options?: { meta?: boolean; strict?: boolean },
  ): WebVttInput & { errors: unknown[]; strict: boolean };
  const webvtt: { compile: typeof compile; parse: typeof parse };
  export default webvtt;
}
