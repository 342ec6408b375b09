export * from './money.ts';
export * from './pricing.ts';
