// OpenAI chat messages as the demo's evidence JSONL writes them (the import reads them back).

export type ChatMessage = {
  role: "system" | "user" | "assistant" | "tool";
  content: string | null;
  reasoning_content?: string;
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};

/** An assistant turn that calls one tool, with an optional thought before it. */
export function call(id: string, name: string, args: Record<string, unknown>, thought?: string): ChatMessage {
  return {
    role: "assistant",
    content: null,
    ...(thought ? { reasoning_content: thought } : {}),
    tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
  };
}

/** The tool's answer to call `id`. */
export function result(id: string, content: string): ChatMessage {
  return { role: "tool", tool_call_id: id, content };
}
