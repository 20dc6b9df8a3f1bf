import { redirect } from "next/navigation";
import { getPageContext } from "@/lib/auth/current";
import { listNavItems } from "@/lib/permissions/navigation";

/** Home sends each role to the first section it may use. */
export default async function HomePage() {
  const { session } = await getPageContext("/");
  redirect(listNavItems(session)[0]?.href ?? "/settings");
}
