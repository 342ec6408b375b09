import { describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { preparedPerDatabase } from './prepared.ts';

describe('preparedPerDatabase', () => {
  it('builds a query once per database and never shares it between databases', () => {
    const built: Database[] = [];
    const queryOf = preparedPerDatabase((db) => {
      built.push(db);
      return { db };
    });
    const first = {} as Database;
    const second = {} as Database;
    expect(queryOf(first)).toBe(queryOf(first));
    expect(queryOf(second).db).toBe(second);
    expect(built).toEqual([first, second]);
  });
});
