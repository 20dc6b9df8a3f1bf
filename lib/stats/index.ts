export * from "./agreement";
export * from "./cohen-kappa";
export * from "./confusion-matrix";
export * from "./corrected-rate";
export * from "./kappa-interval";
export * from "./krippendorff-alpha";
export * from "./pass-at-k";
export * from "./wilson";
