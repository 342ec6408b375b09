export * from './form-rules.ts';
