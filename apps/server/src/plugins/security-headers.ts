import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import helmet from 'helmet';
import type { App } from '../app-types.ts';
import type { Config } from '../config.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The hashes of what the built index.html runs inline: its `<style>` elements (the boot shell and
 * the stylesheet the web build inlines), `<script>` elements without `src`, and `style="…"`
 * attributes of the boot shell. Nothing inline is allowed but these exact texts.
 */
export function inlineHashes(html: string): {
  scripts: string[];
  styles: string[];
  styleAttributes: string[];
} {
  const scripts = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1] ?? '')
    .filter((text) => text.trim() !== '')
    .map(sha256);
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((match) =>
    sha256(match[1] ?? ''),
  );
  const styleAttributes = [...html.matchAll(/\sstyle="([^"]*)"/gi)].map((match) =>
    sha256((match[1] ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&')),
  );
  return {
    scripts: [...new Set(scripts)],
    styles: [...new Set(styles)],
    styleAttributes: [...new Set(styleAttributes)],
  };
}

/** Origins of the object storage (S3_ENDPOINT and, for virtual-hosted buckets, the bucket's host). */
function storageSources(config: Config): string[] {
  if (!config.S3_ENDPOINT) return [];
  const endpoint = new URL(config.S3_ENDPOINT);
  const sources = [endpoint.origin];
  if (config.S3_FORCE_PATH_STYLE === '0' && config.S3_BUCKET) {
    sources.push(`${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`);
  }
  return sources;
}

/** Origin of the self-hosted live ingest's playback (LIVE_INGEST_HLS_URL): the room plays from it (§1). */
function ingestSources(config: Config): string[] {
  return config.LIVE_INGEST_HLS_URL ? [new URL(config.LIVE_INGEST_HLS_URL).origin] : [];
}

/**
 * The Content-Security-Policy directives (§7 security headers): scripts only from this origin (SDKs
 * such as WeChat's JS-SDK are bundled from npm) plus WebAssembly compilation for the QR scanner
 * (zxing-wasm needs 'wasm-unsafe-eval'); styles from this origin and the exact inline texts of
 * index.html; images, media and connections from this origin, the storage host, the configured
 * stream hosts (CSP_MEDIA_SRC for pasted stream addresses) and the self-hosted ingest's playback origin; frames from CSP_FRAME_SRC; framing by CSP_FRAME_ANCESTORS (default 'self').
 */
export function cspDirectives(config: Config, indexHtml: string | undefined): Record<string, string[]> {
  const inline = indexHtml ? inlineHashes(indexHtml) : { scripts: [], styles: [], styleAttributes: [] };
  const storage = storageSources(config);
  const ingest = ingestSources(config);
  const isHttps = config.PUBLIC_URL.startsWith('https:');
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...inline.scripts],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...inline.styles],
    'style-src-attr':
      inline.styleAttributes.length > 0 ? ["'unsafe-hashes'", ...inline.styleAttributes] : ["'none'"],
    'img-src': ["'self'", 'data:', 'blob:', ...storage, ...config.CSP_IMG_SRC],
    'media-src': ["'self'", 'blob:', ...storage, ...ingest, ...config.CSP_MEDIA_SRC],
    // hls.js fetches a stream's playlists and segments: stream hosts are connections too. The room's
    // chat socket is same-origin (ws:/wss: of this host match 'self' in current browsers).
    'connect-src': ["'self'", ...storage, ...ingest, ...config.CSP_MEDIA_SRC, ...config.CSP_CONNECT_SRC],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'", 'blob:'],
    // The allowed web-view domains (§2 /webview) are framed too: `*.x` also allows `x` itself.
    'frame-src': [
      ...(config.CSP_FRAME_SRC.length > 0 ? config.CSP_FRAME_SRC : ["'self'"]),
      ...config.WEBVIEW_DOMAINS.flatMap((host) => (host.startsWith('*.') ? [host, host.slice(2)] : [host])),
    ],
    'frame-ancestors': config.CSP_FRAME_ANCESTORS,
    'form-action': ["'self'"],
    ...(isHttps ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Every security header of a response, computed once from the configuration with helmet:
 * Content-Security-Policy (cspDirectives), `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: strict-origin-when-cross-origin`, Strict-Transport-Security only when PUBLIC_URL
 * is https, X-Frame-Options only while framing is limited to 'self', and helmet's other defaults
 * except Cross-Origin-Resource-Policy (uploads are embedded by chat apps and other sites).
 */
export function securityHeaders(config: Config, indexHtml: string | undefined): Record<string, string> {
  const isHttps = config.PUBLIC_URL.startsWith('https:');
  const isSelfFramingOnly = config.CSP_FRAME_ANCESTORS.join(' ') === "'self'";
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, indexHtml) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttps ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    xFrameOptions: isSelfFramingOnly ? { action: 'sameorigin' } : false,
    crossOriginResourcePolicy: false,
  });
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as never, collector as never, () => {});
  return headers;
}

/**
 * The headers of API answers (JSON, files, feeds under /api): a CSP that lets a JSON answer opened as a
 * document run and load nothing and be framed by no one, nosniff, the referrer policy and HSTS. The
 * document-only headers (the app's CSP, X-Frame-Options, helmet's legacy X-* headers) are left to
 * documents — about 1 KiB less on every API answer.
 */
export function apiSecurityHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const kept = ['x-content-type-options', 'referrer-policy', 'strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(Object.entries(documentHeaders).filter(([name]) => kept.includes(name))),
  };
}

/**
 * Sends the security headers on every response — JSON, files, errors and refusals alike — from two
 * objects computed at start-up (no per-request work beyond choosing one and copying it): the API's
 * (apiSecurityHeaders) under /api except the HTML docs, the documents' (securityHeaders) elsewhere.
 * Routes that need a stricter policy (uploaded files, the dev outbox) set their own
 * Content-Security-Policy, which wins. The inline hashes are read from WEB_DIST/index.html at
 * start-up: a rebuild of the web app needs a restart to change them.
 */
export function registerSecurityHeaders(app: App): void {
  const { config } = app.deps;
  const indexPath = config.WEB_DIST ? join(resolve(config.WEB_DIST), 'index.html') : undefined;
  const indexHtml = indexPath && existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  const documentHeaders = securityHeaders(config, indexHtml);
  const apiHeaders = apiSecurityHeaders(documentHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const isApi = url.startsWith('/api/') && !url.startsWith('/api/docs');
    reply.headers(isApi ? apiHeaders : documentHeaders);
    done();
  });
}
