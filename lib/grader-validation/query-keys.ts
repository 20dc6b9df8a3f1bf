// TanStack Query keys of validation; invalidate `validationKeys.all` after starting one.

export const validationKeys = {
  all: ["validations"] as const,
  list: (slug: string) => [...validationKeys.all, slug] as const,
};
