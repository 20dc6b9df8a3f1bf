// Input guards shared by the stats modules. Bad counts are programming errors, so they throw
// RangeError instead of producing NaN that would leak into a report.

export function assertCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
}

export function assertFinite(name: string, value: number): void {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a finite number, got ${value}`);
  }
}

/** Locale-independent label order (UTF-16 code units), so results are identical on every machine. */
export function compareLabels(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
