import { describe, expect, it } from "vitest";
import { formFields, formLine, formLines, formList, formOptional, formText } from "./form-fields";

function form(entries: [string, string | Blob][]): FormData {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

describe("server actions read their forms one way", () => {
  const data = form([
    ["prompt", "  Write a memo.\n"],
    ["slug", "  my-env "],
    ["blank", "   "],
    ["tag", "a"],
    ["tag", ""],
    ["tag", "b"],
    ["modes", " one \n\n two\n"],
    ["file", new Blob(["x"])],
  ]);

  it("keeps prose as typed and trims one-line values", () => {
    expect(formText(data, "prompt")).toBe("  Write a memo.\n");
    expect(formLine(data, "slug")).toBe("my-env");
    expect(formText(data, "missing")).toBe("");
  });

  it("reads blanks as null, repeated fields as lists and textareas as lines", () => {
    expect(formOptional(data, "blank")).toBeNull();
    expect(formOptional(data, "slug")).toBe("my-env");
    expect(formList(data, "tag")).toEqual(["a", "b"]);
    expect(formLines(data, "modes")).toEqual(["one", "two"]);
  });

  it("gives a schema every text field and no files", () => {
    const fields = formFields(data);
    expect(fields.slug).toBe("  my-env ");
    expect("file" in fields).toBe(false);
  });
});
