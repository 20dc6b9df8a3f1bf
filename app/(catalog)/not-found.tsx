import { NotFoundMessage } from "@/components/layout/not-found-message";

// notFound() in this group's pages: the shell's <main> is already around it, so no second landmark.
export default function NotFound() {
  return <NotFoundMessage />;
}
