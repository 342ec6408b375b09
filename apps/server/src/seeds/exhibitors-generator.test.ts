import { describe, expect, it } from 'vitest';
import {
  boothOf,
  createRandom,
  generateCategories,
  generatedLanguages,
  generateExhibitors,
} from './exhibitors-generator.ts';

describe('exhibitors generator', () => {
  it('gives the same exhibitors for the same seed and others for another seed', () => {
    const first = [...generateExhibitors({ count: 20, seed: 7 })];
    const again = [...generateExhibitors({ count: 20, seed: 7 })];
    const other = [...generateExhibitors({ count: 20, seed: 8 })];
    expect(again).toEqual(first);
    expect(other.map((e) => e.title.en)).not.toEqual(first.map((e) => e.title.en));
  });

  it('names every exhibitor and product in zh, en, ja and ko, each in its own script', () => {
    for (const exhibitor of generateExhibitors({ count: 50 })) {
      for (const language of generatedLanguages) {
        expect(exhibitor.title[language].length).toBeGreaterThan(3);
        expect(exhibitor.description[language].length).toBeGreaterThan(10);
      }
      expect(exhibitor.title.zh).toMatch(/\p{Script=Han}/u);
      expect(exhibitor.title.ja).toMatch(/[\p{Script=Katakana}\p{Script=Hiragana}\p{Script=Han}]/u);
      expect(exhibitor.title.ko).toMatch(/\p{Script=Hangul}/u);
      expect(exhibitor.title.en).toMatch(/^[\x20-\x7e]+$/);
      expect(exhibitor.products).toHaveLength(10);
      for (const product of exhibitor.products) {
        expect(product.title.en).toContain(product.model);
        expect(product.title.zh).toMatch(/\p{Script=Han}/u);
      }
    }
  });

  it('keeps names and booths unique over 10,000 exhibitors, indexes in range', () => {
    const all = [
      ...generateExhibitors({ count: 10_000, productsPerExhibitor: 1, logoCount: 5, imageCount: 3 }),
    ];
    expect(new Set(all.map((e) => e.title.en)).size).toBe(10_000);
    expect(new Set(all.map((e) => e.title.zh)).size).toBe(10_000);
    expect(new Set(all.map((e) => e.booth)).size).toBe(10_000);
    expect(all.every((e) => e.logoIndex >= 0 && e.logoIndex < 5)).toBe(true);
    expect(all.every((e) => e.products.every((p) => p.imageIndex >= 0 && p.imageIndex < 3))).toBe(true);
    const categories = generateCategories();
    const industries = new Set(categories.filter((c) => c.type === 'industry').map((c) => c.key));
    const groups = new Set(categories.filter((c) => c.type === 'exhibitor_group').map((c) => c.key));
    expect(all.every((e) => industries.has(e.industry) && groups.has(e.group))).toBe(true);
    // Every group is used, sponsors rarely, domestic most.
    const perGroup = new Map<string, number>();
    for (const e of all) perGroup.set(e.group, (perGroup.get(e.group) ?? 0) + 1);
    expect(perGroup.size).toBe(groups.size);
    expect(perGroup.get('domestic')).toBeGreaterThan(perGroup.get('sponsors') ?? 0);
    // Sponsors are heavier than everyone else.
    const sponsorMin = Math.min(...all.filter((e) => e.group === 'sponsors').map((e) => e.weight));
    expect(sponsorMin).toBeGreaterThanOrEqual(100);
  });

  it('formats booths as hall letter, hall number and stand', () => {
    expect(boothOf(0)).toBe('A1-001');
    expect(boothOf(22)).toBe('A1-023');
    expect(boothOf(999)).toBe('B1-001');
    expect(boothOf(8 * 999)).toBe('A2-001');
  });

  it('gives categories with distinct weights per type and Arabic titles', () => {
    const categories = generateCategories();
    for (const type of ['industry', 'exhibitor_group'] as const) {
      const weights = categories.filter((c) => c.type === type).map((c) => c.weight);
      expect(new Set(weights).size).toBe(weights.length);
    }
    expect(categories.every((c) => /\p{Script=Arabic}/u.test(c.title.ar))).toBe(true);
  });

  it('refuses counts outside 1..100000', () => {
    expect(() => [...generateExhibitors({ count: 0 })]).toThrow(RangeError);
    expect(() => [...generateExhibitors({ count: 100_001 })]).toThrow(RangeError);
    expect(() => [...generateExhibitors({ count: 1.5 })]).toThrow(RangeError);
  });

  it('draws random numbers in [0, 1)', () => {
    const random = createRandom(1);
    for (let i = 0; i < 1000; i++) {
      const value = random();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
