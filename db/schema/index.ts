export * from "./accounts";
export * from "./audit";
export * from "./environments";
export * from "./relations";
export * from "./rollouts";
