// Who is asking, for the sign-in rate limit. X-Forwarded-For is set by any client that wishes, so it
// counts only behind a reverse proxy the operator vouches for (TRUST_PROXY=1). Otherwise the address
// is the TCP peer's, which scripts/next-server.ts writes into CLIENT_ADDRESS_HEADER on every request
// (overwriting whatever the client sent).

export const CLIENT_ADDRESS_HEADER = "x-studio-client-address";

export function resolveClientAddress(headers: Headers, { trustProxy }: { trustProxy: boolean }): string {
  if (trustProxy) {
    const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim() || headers.get("x-real-ip");
    if (forwarded) return forwarded;
  }
  return headers.get(CLIENT_ADDRESS_HEADER) || "local";
}
