import { NotFoundMessage } from "@/components/layout/not-found-message";

// An address no route matches: only the root layout is around this page, so it brings its <main>.
// notFound() inside a signed-in group renders that group's not-found.tsx, within the shell's <main>.
export default function NotFound() {
  return (
    <main>
      <NotFoundMessage />
    </main>
  );
}
