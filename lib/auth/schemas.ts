import { z } from "zod";

// Inputs of signing in; the account forms (lib/accounts/schemas.ts) share the email's rule.

export const emailInput = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "Enter a valid email address." }));

export const signInInput = z.object({
  email: emailInput,
  password: z.string().min(1, "Enter your password.").max(200),
});
export type SignInInput = z.infer<typeof signInInput>;
