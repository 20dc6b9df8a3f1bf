import { type NextRequest, NextResponse } from "next/server";
import { matchApiRoute } from "@/lib/api/route-table";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";

// Runs before every request (Next 16's successor of middleware.ts). For /api/v1 it answers unknown
// paths and wrong methods with the API's JSON error shape (Next would send its HTML 404 page or an
// empty 405).

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
  }
  return NextResponse.next();
}

export const config = {
  matcher: ["/api/v1/:path*"],
};
