// The Content-Security-Policy of every page (set by proxy.ts with a fresh nonce per request).
// Scripts run only from our origin or with the request's nonce ('strict-dynamic' lets Next's
// nonce'd bootstrap load its chunks); no inline event handlers, no plugins, no framing, images only
// from our origin and data: URLs. Styles allow inline attributes: React's server-rendered style
// props and Monaco's injected styles need them, and styles can't run code.

export const NONCE_HEADER = "x-nonce";

export function buildContentSecurityPolicy(nonce: string, { isDev }: { isDev: boolean }): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(isDev ? ["'unsafe-eval'"] : [])],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...(isDev ? ["ws:"] : [])],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** 128 random bits, base64: unguessable, fresh for every request. */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}
