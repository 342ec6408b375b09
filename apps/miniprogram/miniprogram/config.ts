/**
 * Where the web app lives and which hosts the web view may open (§2: "In the mini-program, a link
 * outside the allowed web-view domain list shows a dialog offering to copy the link"). Set these
 * before uploading: WEB_APP_ORIGIN is the deployment's PUBLIC_URL origin, and every host here must
 * also be registered as a business domain (业务域名) of the mini-program in the WeChat admin console.
 * Patterns as the server's WEBVIEW_DOMAINS: `example.org` (exact), `*.example.org` or `.example.org`
 * (the domain and its subdomains).
 */
export const WEB_APP_ORIGIN = 'https://meeting.example.com';

export const ALLOWED_WEBVIEW_HOSTS: readonly string[] = ['meeting.example.com'];
