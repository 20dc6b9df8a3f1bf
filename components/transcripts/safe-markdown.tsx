"use client";

import Markdown, { type Components } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { toSafeUrl } from "@/lib/rollouts/transcript-text";
import { ImagePart } from "./image-part";

// Markdown for untrusted model output. Raw HTML is shown as literal text (never parsed), the HTML
// tree is sanitized, links keep only http(s)/mailto/in-page targets, and images wait for a click.

type MdNode = { type: string; value?: string; children?: MdNode[] };

/** Turns raw HTML nodes into text nodes, so `<script>` in a message shows as the characters it is. */
function remarkHtmlAsText() {
  const walk = (node: MdNode) => {
    if (node.type === "html") node.type = "text";
    node.children?.forEach(walk);
  };
  return (tree: MdNode) => walk(tree);
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a
        href={href}
        title={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="text-accent underline"
      >
        {children}
      </a>
    ) : (
      <span className="underline decoration-dotted" title="Link removed: unsafe address">
        {children}
      </span>
    ),
  img: ({ src, alt }) => <ImagePart url={typeof src === "string" ? src : undefined} alt={alt} />,
};

const PROSE =
  "min-w-0 break-words text-sm leading-6 text-fg [&_blockquote]:border-l-2 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_blockquote]:text-fg-muted [&_code]:font-mono [&_code]:text-[0.85em] [&_h1]:mt-3 [&_h1]:text-base [&_h1]:font-semibold [&_h2]:mt-3 [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0 [&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-surface-muted [&_pre]:p-3 [&_table]:my-2 [&_table]:text-xs [&_td]:border [&_td]:border-border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-border [&_th]:px-2 [&_th]:py-1 [&_ul]:list-disc [&_ul]:pl-5";

export function SafeMarkdown({ text }: { text: string }) {
  return (
    <div className={PROSE}>
      <Markdown
        remarkPlugins={[remarkGfm, remarkHtmlAsText]}
        rehypePlugins={[rehypeSanitize]}
        urlTransform={toSafeUrl}
        components={components}
      >
        {text}
      </Markdown>
    </div>
  );
}
