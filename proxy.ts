import { type NextRequest, NextResponse } from "next/server";
import { matchApiRoute } from "@/lib/api/route-table";
import { env } from "@/lib/env";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import {
  buildContentSecurityPolicy,
  createNonce,
  NONCE_HEADER,
} from "@/lib/security/content-security-policy";

// Runs before every request (Next 16's successor of middleware.ts). For /api/v1 it answers unknown
// paths and wrong methods with the API's JSON error shape (Next would send its HTML 404 page or an
// empty 405). For pages it sets the Content-Security-Policy with a fresh nonce, which Next puts on
// its own scripts (it reads the policy from the request) and app/layout.tsx on the theme script.

function apiError(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
  return NextResponse.json({ error: { code, message } }, { status: ERROR_STATUS[code], headers });
}

/** Whether every %-escape of the path decodes to UTF-8 (Next answers a bare 500 otherwise). */
function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === "/api/v1" || pathname.startsWith("/api/v1/")) {
    if (!isDecodable(pathname)) return apiError("not_found", "The path is not valid UTF-8 once decoded.");
    const match = matchApiRoute(request.method, pathname);
    if (match.kind === "not_found")
      return apiError("not_found", `No API route ${pathname}; see /api/v1/openapi.json.`);
    if (match.kind === "method_not_allowed")
      return apiError(
        "method_not_allowed",
        `${request.method} is not allowed here; use ${match.allow.join(" or ")}.`,
        { allow: match.allow.join(", ") },
      );
    return NextResponse.next();
  }
  const nonce = createNonce();
  const policy = buildContentSecurityPolicy(nonce, { isDev: env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: [
    "/api/v1/:path*",
    // Pages: everything but other API routes, static files and prefetches (which render no scripts).
    {
      source: "/((?!api/|_next/static|_next/image|icon|favicon|manifest).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
