// What of a provider's address may leave the studio (in an export, on a datasheet).

/**
 * A provider's base URL without what could be a secret: user and password, query string and
 * fragment go (a key is never put in a base URL by the studio, but an author may have typed one).
 */
export function toPublicBaseUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = "";
    url.password = "";
    url.search = "";
    url.hash = "";
    return url.toString().replace(/\/+$/, "");
  } catch {
    return "";
  }
}
