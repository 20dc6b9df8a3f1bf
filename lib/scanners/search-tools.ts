import type { Source } from "./agent-steps";

// File-search and listing tools, whatever the harness calls them: Claude Code's Glob/Grep/LS,
// Cline's search_files/list_files, Gemini CLI's glob/search_file_content/list_directory, Cursor's
// file_search/grep_search/list_dir, and the like. Their arguments say three things: a file-name
// pattern (what files), a content pattern (what text inside them), and a scope (under which folder).
// answer-key-search reads them the same way it reads `find`, `grep -r` and `rg` on a command line.

export type SearchTermRole = "name" | "content" | "scope";
export type SearchTerm = { role: SearchTermRole; value: string; source: Source };

/** A tool that searches or lists files by name or content (never a web search). */
const SEARCH_TOOL = /glob|grep|search|find|list|^ls$|^rg$|ripgrep|^tree$|directory_tree/i;
const NOT_FILES = /web|internet|browse|url|http|online|news|wiki|memory|symbol|docs?_/i;
/** Tools that match file names with their `pattern`/`query` (the rest match contents). */
const NAME_TOOL = /glob|find|file_search|list|^ls$|tree/i;
const CONTENT_TOOL = /grep|content|text|^rg$|ripgrep|search_files|codebase/i;

const NAME_FIELDS = [
  "glob",
  "include",
  "include_pattern",
  "file_pattern",
  "filePattern",
  "path_pattern",
  "glob_pattern",
  "name",
];
const PATTERN_FIELDS = ["pattern", "query", "regex", "search", "search_term", "q"];
const SCOPE_FIELDS = [
  "path",
  "directory",
  "dir",
  "dir_path",
  "root",
  "cwd",
  "target_directory",
  "search_path",
  "relative_workspace_path",
  "absolute_path",
  "folder",
];
const SCOPE_LIST_FIELDS = ["paths", "target_directories", "directories"];

export function isSearchTool(name: string): boolean {
  return SEARCH_TOOL.test(name) && !NOT_FILES.test(name);
}

/** The search terms of one call to a search tool, each pointing at its argument. */
export function searchTerms(
  name: string,
  args: Record<string, unknown>,
  at: (field: string, text: string) => Source,
): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const add = (role: SearchTermRole, field: string, value: unknown) => {
    if (typeof value === "string" && value.trim() !== "")
      terms.push({ role, value, source: at(field, value) });
  };
  const patternRole: SearchTermRole = NAME_TOOL.test(name) && !CONTENT_TOOL.test(name) ? "name" : "content";
  for (const field of NAME_FIELDS) add("name", field, args[field]);
  for (const field of PATTERN_FIELDS) add(patternRole, field, args[field]);
  for (const field of SCOPE_FIELDS) add("scope", field, args[field]);
  for (const field of SCOPE_LIST_FIELDS) {
    const list = args[field];
    if (!Array.isArray(list)) continue;
    for (const [i, value] of list.entries()) add("scope", `${field}.${i}`, value);
  }
  return terms;
}
