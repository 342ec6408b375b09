export * from './email.ts';
export * from './phone.ts';
