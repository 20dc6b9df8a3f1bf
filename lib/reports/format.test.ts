import { describe, expect, it } from "vitest";
import { formatAuthoringTime, formatHours } from "./format";

describe("time figures", () => {
  it("never shows measured time as a bare 0", () => {
    expect(formatHours(3 / 3600)).toBe("under 1 min");
    expect(formatHours(0.25)).toBe("15 min");
    expect(formatHours(2.25)).toBe("2.3 h");
    expect(formatHours(null)).toBe("—");
  });

  it("gives authoring time per task with the number of tasks timed, or says none was", () => {
    expect(formatAuthoringTime({ medianHoursPerTask: 0.5, timedTasks: 4 })).toBe(
      "30 min (n = 4 tasks timed)",
    );
    expect(formatAuthoringTime({ medianHoursPerTask: 1 / 3600, timedTasks: 1 })).toBe(
      "under 1 min (n = 1 task timed)",
    );
    // The datasheet once read "expert hours per task 0.0" for tasks that were never timed.
    expect(formatAuthoringTime({ medianHoursPerTask: null, timedTasks: 0 })).toBe("not timed (n = 0)");
    expect(formatAuthoringTime({ medianHoursPerTask: null, timedTasks: null })).toBe("not timed");
  });
});
