import { describe, expect, it } from "vitest";
import { matchApiRoute } from "./route-table";

describe("matchApiRoute", () => {
  it("finds routes with and without parameters", () => {
    expect(matchApiRoute("GET", "/api/v1/me")).toEqual({ kind: "found" });
    expect(matchApiRoute("GET", "/api/v1/tasks/abc/files/def")).toEqual({ kind: "found" });
    expect(matchApiRoute("HEAD", "/api/v1/rollouts")).toEqual({ kind: "found" });
    expect(matchApiRoute("GET", "/api/v1/openapi.json")).toEqual({ kind: "found" });
  });

  it("tells an unknown path from a wrong method", () => {
    expect(matchApiRoute("GET", "/api/v1/nothing-here")).toEqual({ kind: "not_found" });
    expect(matchApiRoute("GET", "/api/v1/openapi-json")).toEqual({ kind: "not_found" });
    expect(matchApiRoute("GET", "/api/v1/tasks/a/b/c/d/e")).toEqual({ kind: "not_found" });
    expect(matchApiRoute("DELETE", "/api/v1/me")).toEqual({ kind: "method_not_allowed", allow: ["GET"] });
    expect(matchApiRoute("PUT", "/api/v1/tasks/x")).toEqual({
      kind: "method_not_allowed",
      allow: ["GET", "PATCH"],
    });
  });
});
