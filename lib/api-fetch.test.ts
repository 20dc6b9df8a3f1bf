import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiFetchError, apiFetch } from "./api-fetch";

function answer(status: number, body: unknown): Response {
  return new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

describe("apiFetch", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("returns the JSON of a successful answer and asks for JSON", async () => {
    const fetch = vi.fn(async () => answer(200, { items: [1] }));
    vi.stubGlobal("fetch", fetch);
    await expect(apiFetch("/api/v1/jobs")).resolves.toEqual({ items: [1] });
    expect(fetch).toHaveBeenCalledWith("/api/v1/jobs", { headers: { accept: "application/json" } });
  });

  it("throws the route's own message with its status, code, field errors and body", async () => {
    const body = {
      error: { code: "conflict", message: "Changed meanwhile.", fieldErrors: { a: ["x"] } },
      conflict: 1,
    };
    vi.stubGlobal("fetch", async () => answer(409, body));
    const error = await apiFetch("/api/v1/tasks/1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiFetchError);
    expect(error).toMatchObject({ message: "Changed meanwhile.", status: 409, code: "conflict", body });
    expect((error as ApiFetchError).fieldErrors).toEqual({ a: ["x"] });
  });

  it("falls back to the caller's words when the answer is not the error shape", async () => {
    vi.stubGlobal("fetch", async () => answer(502, "<html>bad gateway</html>"));
    await expect(
      apiFetch("/api/v1/jobs", { fallbackError: "Could not load the jobs." }),
    ).rejects.toMatchObject({
      message: "Could not load the jobs.",
      status: 502,
      code: null,
    });
  });

  it("says the studio is unreachable when the request never got an answer (status 0)", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(apiFetch("/api/v1/jobs")).rejects.toMatchObject({ status: 0, message: /Could not reach/ });
  });
});
