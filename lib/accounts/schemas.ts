import { z } from "zod";
import { emailInput } from "@/lib/auth/schemas";
import { ROLES } from "@/lib/permissions/rules";

export const passwordInput = z
  .string()
  .min(8, "Passwords need at least 8 characters.")
  .max(200, "Passwords can have at most 200 characters.");
export const roleInput = z.enum(ROLES, { message: `Role must be one of: ${ROLES.join(", ")}.` });
export const slugInput = z
  .string()
  .trim()
  .min(2, "Slugs need at least 2 characters.")
  .max(48, "Slugs can have at most 48 characters.")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, digits and single dashes (e.g. ai-safety).");

export const createWorkspaceInput = z.object({
  slug: slugInput,
  name: z.string().trim().min(1, "Give the workspace a name.").max(120),
});
export type CreateWorkspaceInput = z.infer<typeof createWorkspaceInput>;

export const addMemberInput = z.object({
  email: emailInput,
  name: z.string().trim().max(120).default(""),
  password: passwordInput,
  role: roleInput,
});
export type AddMemberInput = z.infer<typeof addMemberInput>;

export const createInviteInput = z.object({ email: emailInput, role: roleInput });
export type CreateInviteInput = z.infer<typeof createInviteInput>;

export const acceptInviteInput = z.object({
  token: z.string().min(10),
  name: z.string().trim().max(120).default(""),
  password: passwordInput,
});
export type AcceptInviteInput = z.infer<typeof acceptInviteInput>;

export const changeMemberRoleInput = z.object({ userId: z.uuid(), role: roleInput });
export const removeMemberInput = z.object({ userId: z.uuid() });

export const createApiKeyInput = z.object({
  name: z.string().trim().min(1, "Name the key (e.g. training-run ingest).").max(80),
  role: roleInput,
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>;
