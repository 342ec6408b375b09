import type { Invoice, InvoiceEligibility } from '@app/contracts';
import type { ReactElement } from 'react';
import { Navigate } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useInvoiceEligibility, useOrderInvoices } from '../api/invoices.ts';

/** What both invoice pages read first: the order's requests and whether one may be made. */
export type OrderInvoices =
  | { screen: ReactElement }
  | { orderId: string; invoices: Invoice[]; eligibility: InvoiceEligibility };

/**
 * The order of `?checkout=` (§2 /invoice/form, /invoice/detail) with its invoice requests and
 * eligibility, or the screen to show instead: /404 for a malformed or unknown order (a 4xx other
 * than 401), an error with a retry, or `skeleton` while loading.
 */
export function useOrderInvoicesOfPage(skeleton: ReactElement): OrderInvoices {
  const [checkout] = useSearchState('checkout');
  const orderId = checkout ?? '';
  const invoices = useOrderInvoices(orderId);
  const eligibility = useInvoiceEligibility(orderId);
  if (!/^[0-9a-f]{24}$/i.test(orderId)) return { screen: <Navigate to={paths.notFound()} replace /> };
  const failed = invoices.error ?? eligibility.error;
  if (failed) {
    if (failed instanceof ApiError && failed.status < 500 && failed.status !== 401 && failed.status > 0)
      return { screen: <Navigate to={paths.notFound()} replace /> };
    return {
      screen: (
        <ErrorState
          className="py-24"
          onRetry={() => {
            void invoices.refetch();
            void eligibility.refetch();
          }}
        />
      ),
    };
  }
  if (!invoices.data || !eligibility.data) return { screen: skeleton };
  return { orderId, invoices: invoices.data, eligibility: eligibility.data };
}
