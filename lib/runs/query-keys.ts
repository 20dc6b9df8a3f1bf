export const runKeys = {
  all: ["runs"] as const,
  run: (id: string) => ["runs", id] as const,
  steps: (id: string) => ["runs", id, "steps"] as const,
  compare: (id: string, a: number, b: number) => ["runs", id, "compare", a, b] as const,
};
