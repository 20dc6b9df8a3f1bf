import { RE2JS } from "re2js";

// Regular expressions written by authors run in linear time on RE2's engine (re2js, a pure-JavaScript
// port), in the browser and on the server alike: no pattern can backtrack catastrophically, whatever
// text it meets. Chosen over re2-wasm (WebAssembly would need 'wasm-unsafe-eval' in the page's CSP and
// an async load) and the native `re2` binding (a compiler at install time, and no browser build).
// RE2 has no backreferences or lookaround; such a pattern is refused as invalid when it is saved.

export type SafeMatch = { text: string; firstGroup: string | null };
export type SafeRegex = { exec(text: string): SafeMatch | null };

const FLAG_BITS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  u: 0, // RE2 matches Unicode code points always.
};

/** Compiles a pattern with i/m/s/u flags; throws on a syntax RE2 doesn't accept. */
export function compileSafeRegex(pattern: string, flags = ""): SafeRegex {
  let bits = 0;
  for (const flag of flags) {
    if (!(flag in FLAG_BITS)) throw new Error(`Unsupported flag "${flag}".`);
    bits |= FLAG_BITS[flag];
  }
  const compiled = RE2JS.compile(pattern, bits);
  return {
    exec(text) {
      const matcher = compiled.matcher(text);
      if (!matcher.find()) return null;
      const firstGroup = compiled.groupCount() > 0 ? matcher.group(1) : null;
      return { text: matcher.group() ?? "", firstGroup: firstGroup ?? null };
    },
  };
}

/** Whether RE2 accepts the pattern and flags. */
export function isSafePattern(pattern: string, flags = ""): boolean {
  try {
    compileSafeRegex(pattern, flags);
    return true;
  } catch {
    return false;
  }
}
