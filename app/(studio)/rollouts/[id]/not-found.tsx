import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";

export default function RolloutNotFound() {
  return (
    <EmptyState
      title="Rollout not found"
      action={
        <Link href="/rollouts" className="text-sm text-accent hover:underline">
          Back to rollouts
        </Link>
      }
    >
      It may have been deleted with its run, or it belongs to another workspace.
    </EmptyState>
  );
}
