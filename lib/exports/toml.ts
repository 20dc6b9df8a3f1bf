// The few TOML values exporters write (pyproject.toml, task.toml), escaped by hand so author text
// can never break out of a string. validate.ts parses every TOML file written, as a second guard.

/** A TOML basic string: JSON's escapes, plus DEL, which TOML forbids raw. */
export function tomlString(value: string): string {
  return JSON.stringify(value.normalize("NFC")).replace(/\u007f/g, "\\u007F");
}

export function tomlStringArray(values: string[]): string {
  return `[${values.map(tomlString).join(", ")}]`;
}

/** A TOML number: integers as integers, others with a decimal point (TOML floats need one). */
export function tomlNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`TOML cannot hold ${value}`);
  return Number.isInteger(value)
    ? String(value)
    : String(value).includes("e")
      ? value.toExponential()
      : String(value);
}

/** A TOML float (always with a decimal point or exponent). */
export function tomlFloat(value: number): string {
  const text = tomlNumber(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}
