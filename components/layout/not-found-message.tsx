import Link from "next/link";

/**
 * What a 404 says. It is no landmark of its own: inside the signed-in shell it sits in the shell's
 * <main>, and the root not-found page wraps it in the only <main> of a page outside the shell.
 */
export function NotFoundMessage() {
  return (
    <div className="grid min-h-[60vh] place-items-center px-4">
      <div className="text-center">
        <p className="text-sm font-medium text-fg-muted">404</p>
        <h1 className="mt-1 text-2xl font-semibold">Page not found</h1>
        <p className="mt-2 text-sm text-fg-muted">
          It doesn't exist, or your role doesn't give access to it.
        </p>
        <Link href="/" className="mt-4 inline-block text-sm font-medium text-accent underline">
          Go to the start page
        </Link>
      </div>
    </div>
  );
}
