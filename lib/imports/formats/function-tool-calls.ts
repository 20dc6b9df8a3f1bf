import { getObject, getText, isObject, parseToolArguments } from "@/lib/imports/read/json-value";
import type { ToolCall } from "@/lib/imports/types";

/**
 * OpenAI-style `tool_calls` (`{id, function: {name, arguments: JSON string}}`, or flat
 * `{id, name, arguments}`) → tool calls with parsed arguments. Entries that are not objects are
 * skipped; a missing id stays "" so `buildRollout` synthesizes one.
 */
export function readFunctionToolCalls(list: unknown): ToolCall[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).map((call) => {
    const fn = getObject(call.function);
    return {
      id: getText(call.id) ?? "",
      name: getText(fn?.name) ?? getText(call.name) ?? "",
      arguments: parseToolArguments(fn ? fn.arguments : call.arguments),
    };
  });
}
