import { seededRandom } from "@/lib/testing/seeded-random";

// Realistic agent-transcript text for benchmarks: words drawn from a Zipf-like vocabulary (a few
// words in a quarter of all messages, a long tail of rare ones), and long tool outputs made of log,
// test-runner and traceback lines, so search and indexing meet the term frequencies of real data.

/** The head of the vocabulary, most frequent first (stop words included, as in real text). */
const HEAD = `the to a of and is in it file test that for this error run i the with on not be we
  function return value check output result line code let me python tests should now can tool
  failed import from path need data will have error call an model use config see first are
  which if changes by task update was as or expected module fix issue read class type
  command string but add new name status build directory using there time list found make
  version request server response message log user missing source install step set get
  passing into json cache query database version patch diff commit branch key answer
  grader score reward timeout permission denied retry network socket token budget latency
  deploy staging kubernetes migration parser summary refund currency invoice customer
  repository script variable object array parameter argument exception traceback assertion
  warning debug info trace stack frame memory process thread worker queue job schedule`
  .split(/\s+/)
  .filter((word, i, all) => word && all.indexOf(word) === i);

const SYLLABLES = "ka lo ver mi to sen dra pel un qua rix bo tem fa nor zi gal the pru win".split(" ");

/** The n-th word of the long tail: a pronounceable made-up word, distinct for each n. */
function tailWord(n: number): string {
  let word = "";
  let rest = n;
  do {
    word += SYLLABLES[rest % SYLLABLES.length];
    rest = Math.floor(rest / SYLLABLES.length);
  } while (rest > 0);
  return `${word}x`;
}

export const VOCABULARY_SIZE = 20_000;

/** Words by rank, HEAD first then the tail. */
export const VOCABULARY: string[] = [
  ...HEAD,
  ...Array.from({ length: VOCABULARY_SIZE - HEAD.length }, (_, i) => tailWord(i + 1)),
];

/** Cumulative Zipf weights (exponent 1.05) over VOCABULARY, for inverse-CDF sampling. */
const CUMULATIVE = (() => {
  const weights = VOCABULARY.map((_, rank) => 1 / (rank + 1) ** 1.05);
  const total = weights.reduce((a, b) => a + b, 0);
  let sum = 0;
  return weights.map((w) => {
    sum += w / total;
    return sum;
  });
})();

export type TextGenerator = {
  word(): string;
  words(count: number): string;
  /** A tool's output: `lines` lines of shell, test-runner, traceback and prose lines. */
  toolOutput(lines: number): string;
  int(max: number): number;
  random: () => number;
};

export function createTextGenerator(seed: number): TextGenerator {
  const random = seededRandom(seed);
  const int = (max: number) => Math.floor(random() * max);
  const word = () => {
    const target = random();
    let low = 0;
    let high = CUMULATIVE.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (CUMULATIVE[mid] < target) low = mid + 1;
      else high = mid;
    }
    return VOCABULARY[low];
  };
  const words = (count: number) => Array.from({ length: count }, word).join(" ");
  const LINES: (() => string)[] = [
    () => `$ python -m pytest tests/test_${word()}.py -k ${word()}`,
    () =>
      `FAILED tests/test_${word()}.py::test_${word()} - AssertionError: expected ${int(100)} got ${int(100)}`,
    () => `PASSED tests/test_${word()}.py::test_${word()}`,
    () => "Traceback (most recent call last):",
    () => `  File "/repo/src/${word()}/${word()}.py", line ${int(900)}, in ${word()}`,
    () => `${word().replace(/^./, (c) => c.toUpperCase())}Error: ${words(4 + int(8))}`,
    () => `bash: ./${word()}.sh: Permission denied`,
    () => `warning: ${words(5 + int(10))}`,
    () => `${int(200)} passed, ${int(5)} failed in ${(random() * 30).toFixed(2)}s`,
    () => words(6 + int(14)),
    () => words(6 + int(14)),
    () => words(6 + int(14)),
  ];
  const toolOutput = (lines: number) =>
    Array.from({ length: lines }, () => LINES[int(LINES.length)]()).join("\n");
  return { word, words, toolOutput, int, random };
}
