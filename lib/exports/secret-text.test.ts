import { describe, expect, it } from "vitest";
import { findSecretNeedles, listSecretNeedles } from "./secret-text";

describe("answer-key needles", () => {
  it("takes the whole key, long lines and labelled values", () => {
    const needles = listSecretNeedles("Final loss: 0.4172 nats\n- The run diverged at step 18,250.\nok");
    expect(needles).toEqual([
      "final loss: 0.4172 nats - the run diverged at step 18,250. ok",
      "the run diverged at step 18,250.",
      "final loss: 0.4172 nats",
      "0.4172 nats",
    ]);
  });

  it("finds them across case, spacing and line breaks, and nothing else", () => {
    const needles = listSecretNeedles("Final loss: 0.4172 nats");
    expect(findSecretNeedles("Our FINAL   loss:\n0.4172 NATS!", needles)).toEqual([
      "final loss: 0.4172 nats",
      "0.4172 nats",
    ]);
    expect(findSecretNeedles("the loss was 0.4173 nats", needles)).toEqual([]);
  });

  it("ignores keys too short to search without false alarms", () => {
    expect(listSecretNeedles("42")).toEqual([]);
    expect(listSecretNeedles("yes\nno")).toEqual(["yes no"]);
  });
});
