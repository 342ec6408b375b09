export * from './inquiry-amount.ts';
export * from './invoice.ts';
export * from './money.ts';
export * from './pricing.ts';
