// Small guards for reading untrusted parsed JSON without `any`.

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value when it is a string, else undefined. */
export function getString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The value when it is a non-empty string, else undefined. */
export function getText(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** A finite number, or a numeric string / boolean converted; else undefined. */
export function getNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string" && value.trim() !== "") {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

export function getArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function getObject(value: unknown): JsonObject | undefined {
  return isObject(value) ? value : undefined;
}

/** Tool-call arguments: parsed JSON when the string is JSON, else the raw string (kept for fidelity). */
export function parseToolArguments(value: unknown): unknown {
  if (typeof value !== "string") return value ?? {};
  if (value.trim() === "") return {};
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** An ISO 8601 string from an ISO string, or from epoch seconds/milliseconds; else null. */
export function toIsoTime(value: unknown): string | null {
  if (typeof value === "string" && value !== "") {
    const time = Date.parse(value);
    return Number.isNaN(time) ? null : new Date(time).toISOString();
  }
  if (typeof value === "number" && Number.isFinite(value) && value > 0) {
    // Epoch seconds until the year 33658; milliseconds after that.
    return new Date(value < 1e12 ? value * 1000 : value).toISOString();
  }
  return null;
}
