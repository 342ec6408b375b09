/**
 * The wall clock of an instant in an IANA zone as `YYYY-MM-DD HH:mm` (24-hour), with Intl only (no
 * Temporal: list screens that show it do not load the polyfill). `at` is epoch milliseconds or a Date;
 * '' for a zone the runtime does not know. Used by the appointment and reception screens (§3 Meeting
 * request timezone) and by the copilot's tools, whose model reads and repeats it (§1 copilot).
 */
export function wallClockText(at: number | Date, timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
    const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
  } catch {
    return '';
  }
}
