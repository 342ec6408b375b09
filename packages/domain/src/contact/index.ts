export * from './email.ts';
export * from './id-number.ts';
export * from './phone.ts';
