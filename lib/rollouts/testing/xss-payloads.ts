import type { FactoryMessage } from "./factories";

// A transcript that attacks its reviewer: every place a model controls (text, markdown, reasoning,
// tool arguments and output, errors, image parts) carries script. Each payload sets window.__xss or
// opens a dialog if it ever runs; the e2e spec asserts neither happens and the text shows as text.

export const XSS_VISIBLE_TEXT = {
  script: "<script>window.__xss = 1</script>",
  imgOnError: '<img src=x onerror="window.__xss = 2">',
  svg: '<svg onload="window.__xss = 4"><circle r="5"/></svg>',
  toolArgument: "<img src=x onerror=alert(8)>",
  toolOutput: "</pre><script>window.__xss = 10</script>",
} as const;

export const XSS_MESSAGES: FactoryMessage[] = [
  { role: "system", text: "<style>body{display:none}</style><script>window.__xss = 0</script>" },
  { role: "user", text: `${XSS_VISIBLE_TEXT.script} please summarize` },
  {
    role: "assistant",
    reasoning: "<script>alert('reasoning')</script> thinking <img src=x onerror=alert(7)>",
    text: [
      `Here you go: ${XSS_VISIBLE_TEXT.imgOnError}`,
      "",
      "[click me](javascript:window.__xss=3) and [data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
      "",
      XSS_VISIBLE_TEXT.svg,
      "",
      '<iframe src="javascript:alert(5)"></iframe> <a href="javascript:alert(6)">raw link</a>',
      "",
      "![tracker](http://evil.example/pixel.png) ![js](javascript:alert(11))",
    ].join("\n"),
    toolCalls: [
      {
        id: "x1",
        name: "render<script>alert(13)</script>",
        arguments: { html: XSS_VISIBLE_TEXT.toolArgument, cmd: "echo '<script>alert(9)</script>'" },
      },
    ],
    parts: [
      { type: "image", url: "javascript:alert(12)" },
      { type: "image", url: "http://evil.example/a.png", mediaType: "image/png" },
    ],
  },
  { role: "tool", toolCallId: "x1", toolName: "render", text: XSS_VISIBLE_TEXT.toolOutput },
  { role: "assistant", text: "done", error: "<b onmouseover=alert(14)>error</b>" },
];
