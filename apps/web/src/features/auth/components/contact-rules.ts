/**
 * The §5 phone and e-mail rules (@app/domain/contact: libphonenumber's metadata, about 77 KiB gzip,
 * and validator's e-mail check), loaded when a form first checks an address rather than with the
 * account pages (DESIGN §10).
 */
export const loadContactRules = () => import('@app/domain/contact');
