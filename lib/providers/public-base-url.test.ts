import { describe, expect, it } from "vitest";
import { toPublicBaseUrl } from "./public-base-url";

describe("toPublicBaseUrl", () => {
  it("keeps scheme, host, port and path, and drops credentials, query and fragment", () => {
    expect(toPublicBaseUrl("http://127.0.0.1:8000/v1/")).toBe("http://127.0.0.1:8000/v1");
    expect(toPublicBaseUrl("https://user:secret@llm.example.test/v1?api-key=abc#x")).toBe(
      "https://llm.example.test/v1",
    );
    expect(toPublicBaseUrl("not a url")).toBe("");
  });
});
