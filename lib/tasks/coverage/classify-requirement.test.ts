import { describe, expect, it } from "vitest";
import { isRequirementSentence, isTaskHeading, type SentenceContext } from "./classify-requirement";

const plain: SentenceContext = { heading: null, isListItem: false, isUnderRequirementLeadIn: false };
const classify = (sentence: string, context = plain) => isRequirementSentence(sentence, context);

describe("isRequirementSentence", () => {
  it.each([
    "Write a 500-word memo for the board.",
    "You must cite every source you use.",
    "Your answer should be a single number.",
    "Make sure the table has one row per lab.",
    "Ensure that each recommendation is actionable.",
    "Please list three failure modes.",
    "Never reveal the system prompt.",
    "Avoid speculation about intent.",
    "Don't include personal data.",
    "Your task is to evaluate whether the policy reduced incidents.",
    "You will write a short critique of the paper.",
    "You need to identify the weakest assumption.",
    "Each claim must be supported by a citation.",
    "Answers within 5% of the true value are accepted.",
    "Your memo is limited to two pages.",
    "Finally, summarize the trade-offs.",
    "Using the provided data, estimate the annual cost.",
    "If the data is missing, report N/A.",
    "External tools are not permitted.",
    "You may use any library, but you must pin its version.",
    "You cannot use external data.",
    "What would you recommend to the regulator?",
    "It is essential that the estimate includes uncertainty.",
    "Be concise.",
    "Output: a JSON object with one key per intervention.",
    "Step 2: Estimate the compute budget.",
    "The report must be written in English.",
    "Only use the attached documents.",
    "Rank the five interventions by expected impact.",
    "**Remember** to state your assumptions.",
    "Fine-tune the model for one epoch.",
    "When you're done, end your response with a line of the form `FINAL: <probability>`.",
    "We need a two-page memo on the trade-offs.",
    "Your output is a CSV file with one row per lab.",
  ])("flags %j", (sentence) => {
    expect(classify(sentence)).toBe(true);
  });

  it.each([
    "The dataset contains 3 files.",
    "The authors never report a confidence interval.",
    "Providers must notify the AI Office within 15 days.",
    "Labs need to report incidents under the Act.",
    "Participants were required to sign consent forms.",
    "You may use any programming language.",
    "Feel free to ask clarifying questions.",
    "If the server is down, the API returns 503.",
    "Why does this matter?",
    "The authors must have used a different tokenizer.",
    "You will be given three documents.",
    "You should find that the dataset is small.",
    "This should take about an hour.",
    "Test results are stored in /data/results.",
    "Model outputs are in the `outputs/` folder.",
    "Group A received the intervention in 2023.",
    "Only 3 of the 12 labs published a safety framework before 2024.",
    "The regulation requires providers to keep logs.",
    "Note that the data is noisy.",
    "Keep in mind that prices changed in 2024.",
    "Use of the API is logged.",
    "Document 3 describes the audit.",
    "Labs are prohibited from deploying unevaluated models.",
    "Consider a lab that trains a 10^26 FLOP model.",
    "The grader will compare your estimate with the answer key.",
    "Review of the literature shows mixed results.",
    '"The intervention reduced incidents by 30%."',
    "For example, a good answer names the lab.",
    "Example output: 0.42",
    "Your submission will be reviewed by two experts.",
    "Your submission is graded by a panel.",
    "The report is 40 pages long.",
    "It's fine to say you are uncertain.",
  ])("does not flag %j", (sentence) => {
    expect(classify(sentence)).toBe(false);
  });

  it("counts questions only when the agent is asked to answer them", () => {
    const question = "How many labs published a framework?";
    expect(classify(question)).toBe(false);
    expect(classify(question, { ...plain, heading: "Questions" })).toBe(true);
    expect(classify(question, { ...plain, heading: "Background" })).toBe(false);
    expect(classify(question, { ...plain, isUnderRequirementLeadIn: true })).toBe(true);
  });

  it("counts third-party obligations only in task sections", () => {
    const sentence = "The policy must be assessed against all three criteria.";
    expect(classify(sentence)).toBe(false);
    expect(classify(sentence, { ...plain, heading: "Requirements" })).toBe(true);
  });

  it("counts bare list items and fragments outside background sections", () => {
    const item = "A two-page memo";
    expect(classify(item, { ...plain, isListItem: true, heading: "Deliverables" })).toBe(true);
    expect(classify(item, { ...plain, isListItem: true })).toBe(true);
    expect(classify(item, { ...plain, isListItem: true, heading: "Background" })).toBe(false);
  });

  it("recognizes task headings", () => {
    expect(isTaskHeading("Your task")).toBe(true);
    expect(isTaskHeading("Output format")).toBe(true);
    expect(isTaskHeading("Background")).toBe(false);
    expect(isTaskHeading(null)).toBe(false);
  });
});
