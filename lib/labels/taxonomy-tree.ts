import type { TaxonomyFamily } from "@/lib/values/review-values";

// The taxonomy as the UI uses it: flat nodes with parent ids, ordered into a tree for display.

export type TaxonomyNode = {
  id: string;
  key: string;
  family: TaxonomyFamily;
  name: string;
  description: string;
  examples: string[];
  parentId: string | null;
  position: number;
  isRetired: boolean;
};

/** Categories in tree order (parents first, children indented by depth), per family. */
export function orderTaxonomyTree(nodes: readonly TaxonomyNode[]): (TaxonomyNode & { depth: number })[] {
  const byParent = new Map<string | null, TaxonomyNode[]>();
  const ids = new Set(nodes.map((n) => n.id));
  for (const node of nodes) {
    const parent = node.parentId && ids.has(node.parentId) ? node.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), node]);
  }
  const out: (TaxonomyNode & { depth: number })[] = [];
  const seen = new Set<string>();
  const visit = (node: TaxonomyNode, depth: number) => {
    if (seen.has(node.id)) return;
    seen.add(node.id);
    out.push({ ...node, depth });
    for (const child of byParent.get(node.id) ?? []) visit(child, depth + 1);
  };
  for (const root of byParent.get(null) ?? []) visit(root, 0);
  return out;
}
