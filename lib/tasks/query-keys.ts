// TanStack Query keys of the tasks domain; invalidate `taskKeys.task(id)` after a save.

export const taskKeys = {
  all: ["tasks"] as const,
  task: (taskId: string) => [...taskKeys.all, taskId] as const,
  revisions: (taskId: string) => [...taskKeys.task(taskId), "revisions"] as const,
  revision: (taskId: string, revision: number) => [...taskKeys.task(taskId), "revision", revision] as const,
};
