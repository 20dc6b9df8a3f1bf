export const jobKeys = {
  all: ["jobs"] as const,
  list: (filter: { status?: string }) => ["jobs", "list", filter] as const,
  job: (id: string) => ["jobs", "job", id] as const,
};
