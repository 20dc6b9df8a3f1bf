export const importKeys = {
  all: ["imports"] as const,
  run: (id: string) => ["imports", "run", id] as const,
};
