// Series colours of the report's charts: distinct in light and dark themes and in greyscale print.
export const SERIES_COLORS = ["#3b4fd8", "#d9480f", "#2b8a3e", "#ae3ec9", "#0c8599", "#e67700", "#5c5f66"];

export const BAND_COLORS = {
  saturated: "#e67700",
  learnable: "#2b8a3e",
  "no-signal": "#c62828",
  insufficient: "#868e96",
} as const;

export const BAND_NAMES = {
  saturated: "Saturated",
  learnable: "Learnable",
  "no-signal": "No signal",
  insufficient: "Too few rollouts",
} as const;
