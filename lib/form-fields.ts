// Reading a server action's FormData, one way everywhere (issue 35). What is trimmed is chosen per
// field by the helper the action calls: `formLine` for one-line values (names, ids, slugs, choices),
// `formText` for prose an author wrote (prompts, rubric text, notes), which is kept as typed.

/** The field as typed; "" when absent. */
export const formText = (form: FormData, name: string): string => String(form.get(name) ?? "");

/** A one-line value without the spaces around it; "" when absent. */
export const formLine = (form: FormData, name: string): string => formText(form, name).trim();

/** A one-line value, or null when absent or blank. */
export const formOptional = (form: FormData, name: string): string | null => formLine(form, name) || null;

/** Every non-empty value of a repeated field (checkboxes, multi-selects). */
export const formList = (form: FormData, name: string): string[] =>
  form.getAll(name).map(String).filter(Boolean);

/** A textarea of one item per line: each line trimmed, blank lines dropped. */
export const formLines = (form: FormData, name: string): string[] =>
  formText(form, name)
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** The form's text fields as a plain object, for a zod schema that reads them all. */
export const formFields = (form: FormData): Record<string, string> =>
  Object.fromEntries(
    [...form.entries()].flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])),
  );
