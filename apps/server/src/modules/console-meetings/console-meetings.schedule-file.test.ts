import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { readScheduleFile } from './console-meetings.schedule-file.ts';

/** Reading an uploaded schedule file: any text answers a 400 invalid_schedule, never a crash. */
describe('readScheduleFile', () => {
  const refusal = (text: string): AppError => {
    try {
      readScheduleFile(text);
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    throw new Error('accepted');
  };

  it('refuses a deeply nested file with invalid_schedule instead of overflowing the stack', () => {
    const deep = `{"schedule": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    const error = refusal(deep);
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_schedule');
  });

  it('still places an issue on its line when a deep value comes before it', () => {
    const text = `{\n"x": ${'['.repeat(100)}\n${']'.repeat(100)},\n"schedule": 1\n}`;
    const error = refusal(text);
    expect(error.message).toContain('line 4: schedule');
  });
});
