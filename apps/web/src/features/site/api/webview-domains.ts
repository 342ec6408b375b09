import { useQuery } from '@tanstack/react-query';
import { siteApi } from '../../../lib/site-paths.ts';

/**
 * GET /api/static/webview_domains.json (§7 Static): the allowed web-view domains, public and cached
 * by the browser for five minutes; kept by the query cache as long.
 */
async function fetchWebviewDomains(): Promise<string[]> {
  const response = await fetch(siteApi.webviewDomains, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`webview domains: HTTP ${response.status}`);
  const body = (await response.json()) as { results?: unknown };
  return Array.isArray(body.results) ? body.results.filter((d): d is string => typeof d === 'string') : [];
}

/** The allowed web-view domains (§2 /webview rule), fetched once and kept five minutes. */
export function useWebviewDomains() {
  return useQuery({ queryKey: ['webview-domains'], queryFn: fetchWebviewDomains, staleTime: 5 * 60_000 });
}
