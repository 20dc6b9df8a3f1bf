"use client";

import { useRef } from "react";

/**
 * Stable React keys for rows of an editable list whose items have no identity of their own (their
 * key or name is being edited). Call `remove`/`move` together with the state change they mirror.
 */
export function useRowKeys(length: number) {
  const keys = useRef<string[]>([]);
  const counter = useRef(0);
  const current = keys.current;
  while (current.length < length) current.push(`row-${counter.current++}`);
  if (current.length > length) current.length = length;
  return {
    keys: current,
    remove: (index: number) => {
      current.splice(index, 1);
    },
    move: (from: number, to: number) => {
      const [key] = current.splice(from, 1);
      current.splice(to, 0, key);
    },
  };
}
