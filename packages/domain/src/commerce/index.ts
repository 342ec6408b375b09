export * from './invoice.ts';
export * from './money.ts';
export * from './pricing.ts';
export * from './inquiry-amount.ts';
