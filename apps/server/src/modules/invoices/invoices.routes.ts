import {
  completeConsoleInvoice as completeConsoleInvoiceContract,
  createInvoice as createInvoiceContract,
  getConsoleInvoice as getConsoleInvoiceContract,
  getInvoiceEligibility,
  getInvoicePdf,
  getReceiptPdf,
  listConsoleInvoices as listConsoleInvoicesContract,
  listInvoices,
  listOrderReceipts as listOrderReceiptsContract,
  reapplyInvoice as reapplyInvoiceContract,
  rejectConsoleInvoice as rejectConsoleInvoiceContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import { createSmsProvider } from '../../providers/sms/create-sms-provider.ts';
import { createStorage } from '../../providers/storage/create-storage.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { contentDispositionFor } from '../documents/documents.service.ts';
import {
  completeConsoleInvoice,
  createInvoice,
  getConsoleInvoice,
  invoiceEligibilityOf,
  listConsoleInvoices,
  listInvoicesOfOrder,
  openInvoicePdf,
  reapplyInvoice,
  rejectConsoleInvoice,
} from './invoices.service.ts';
import { receiptFontProblem } from './receipts.pdf.ts';
import { listOrderReceipts, receiptPdf } from './receipts.service.ts';

/** Headers of a private PDF answer: never cached by shared caches, never sniffed, shown inline. */
const pdfHeaders = {
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; img-src 'self'; object-src 'self'; plugin-types application/pdf",
};

/**
 * Invoices and receipts (§2 /invoice/form, /invoice/detail; §3 Invoice, Order; §4 Invoice): the
 * buyer's requests of an order, reapply after rejection, the issued PDF; an order's receipts and the
 * receipt PDF; the console's invoice queue under /console/meetings/{meeting_id}/invoices (finance.read
 * to read, invoice.process to complete or reject). Logs once at start when receipts lack the CJK font.
 * `storage` defaults to the configured driver.
 */
export function invoiceRoutes(app: App, options: { storage?: Storage } = {}): void {
  const { db, config, jobs } = app.deps;
  const storage = options.storage ?? createStorage(config);
  const deps = { db, config };
  const noticeDeps = { db, config, jobs, sms: createSmsProvider(config), mail: createMailProvider(config) };
  const auth = { auth: 'required' } as const;
  const fontProblem = receiptFontProblem();
  if (fontProblem) app.log.warn(fontProblem);

  app.route({
    ...contractRoute(listInvoices),
    config: auth,
    handler: async (request) => ({
      results: await listInvoicesOfOrder(deps, {
        userId: requireUserId(request),
        orderId: request.query.checkout,
      }),
    }),
  });
  app.route({
    ...contractRoute(getInvoiceEligibility),
    config: auth,
    handler: async (request) =>
      invoiceEligibilityOf(deps, { userId: requireUserId(request), orderId: request.query.checkout }),
  });
  app.route({
    ...contractRoute(createInvoiceContract),
    config: auth,
    handler: async (request) => createInvoice(deps, { userId: requireUserId(request), body: request.body }),
  });
  app.route({
    ...contractRoute(reapplyInvoiceContract),
    config: auth,
    handler: async (request) =>
      reapplyInvoice(deps, {
        userId: requireUserId(request),
        invoiceId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(getInvoicePdf),
    config: auth,
    handler: async (request, reply) => {
      const { object, fileName } = await openInvoicePdf(
        { ...deps, storage },
        { userId: requireUserId(request), invoiceId: request.params.id },
      );
      reply.headers(pdfHeaders);
      reply.header('content-type', 'application/pdf');
      reply.header('content-length', object.size);
      reply.header('content-disposition', contentDispositionFor('inline', fileName));
      return reply.send(object.body);
    },
  });

  app.route({
    ...contractRoute(listOrderReceiptsContract),
    config: auth,
    handler: async (request) => ({
      results: await listOrderReceipts(deps, { userId: requireUserId(request), orderId: request.params.id }),
    }),
  });
  app.route({
    ...contractRoute(getReceiptPdf),
    config: auth,
    handler: async (request, reply) => {
      const { bytes, fileName } = await receiptPdf(deps, {
        userId: requireUserId(request),
        receiptId: request.params.id,
        language: request.query.lang,
      });
      reply.headers(pdfHeaders);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', contentDispositionFor('inline', fileName));
      return reply.send(bytes);
    },
  });

  // ————— Console (DESIGN §7) —————
  app.route({
    ...contractRoute(listConsoleInvoicesContract),
    config: auth,
    handler: async (request) =>
      listConsoleInvoices(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        ...request.query,
      }),
  });
  app.route({
    ...contractRoute(getConsoleInvoiceContract),
    config: auth,
    handler: async (request) =>
      getConsoleInvoice(deps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        id: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(completeConsoleInvoiceContract),
    config: auth,
    handler: async (request) =>
      completeConsoleInvoice(noticeDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        id: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(rejectConsoleInvoiceContract),
    config: auth,
    handler: async (request) =>
      rejectConsoleInvoice(noticeDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        id: request.params.id,
        body: request.body,
      }),
  });
}
