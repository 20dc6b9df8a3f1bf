export * from "./agreement";
export * from "./cohen-kappa";
export * from "./confusion-matrix";
export * from "./krippendorff-alpha";
export * from "./pass-at-k";
export * from "./wilson";
