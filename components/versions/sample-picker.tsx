"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Table, Td, Th } from "@/components/ui/table";
import { chooseSample, removeSample } from "@/lib/versions/actions";

type Chosen = {
  rolloutId: string;
  taskKey: string | null;
  model: string | null;
  reward: number | null;
  note: string;
  verdict: string | null;
};
type Candidate = {
  rolloutId: string;
  taskKey: string | null;
  model: string | null;
  reward: number | null;
  verdict: string;
  messageCount: number;
};

/** The samples chosen for buyers, and the labelled rollouts an author may add (with a note). */
export function SamplePicker({
  slug,
  chosen,
  candidates,
  canChoose,
}: {
  slug: string;
  chosen: Chosen[];
  candidates: Candidate[];
  canChoose: boolean;
}) {
  const router = useRouter();
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();

  function run(action: () => Promise<{ ok: boolean; error?: { message: string } }>) {
    setError(null);
    startTransition(async () => {
      const result = await action();
      if (!result.ok) setError(result.error?.message ?? "That did not work.");
      else router.refresh();
    });
  }

  const row = (r: {
    rolloutId: string;
    taskKey: string | null;
    model: string | null;
    reward: number | null;
  }) => (
    <>
      <Td>
        <Link className="text-accent hover:underline" href={`/rollouts/${r.rolloutId}`}>
          {r.model ?? "unknown model"}
        </Link>
      </Td>
      <Td className="font-mono text-xs">{r.taskKey ?? "—"}</Td>
      <Td className="tabular-nums">{r.reward ?? "—"}</Td>
    </>
  );

  return (
    <div className="flex flex-col gap-4">
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <Table aria-label="Chosen samples">
        <thead>
          <tr>
            <Th>Model</Th>
            <Th>Task</Th>
            <Th>Reward</Th>
            <Th>Final label</Th>
            <Th>Note for buyers</Th>
            <Th />
          </tr>
        </thead>
        <tbody>
          {chosen.length === 0 ? (
            <tr>
              <Td colSpan={6} className="text-fg-muted">
                No samples yet: buyers see only the rollouts you choose here.
              </Td>
            </tr>
          ) : null}
          {chosen.map((s) => (
            <tr key={s.rolloutId}>
              {row(s)}
              <Td>{s.verdict ?? "no final label"}</Td>
              <Td>{s.note || "—"}</Td>
              <Td>
                {canChoose ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={isPending}
                    onClick={() => run(() => removeSample({ slug, rolloutId: s.rolloutId }))}
                  >
                    Remove
                  </Button>
                ) : null}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {canChoose && candidates.length > 0 ? (
        <Table aria-label="Labelled rollouts">
          <thead>
            <tr>
              <Th>Model</Th>
              <Th>Task</Th>
              <Th>Reward</Th>
              <Th>Final label</Th>
              <Th>Note for buyers</Th>
              <Th />
            </tr>
          </thead>
          <tbody>
            {candidates.map((c) => (
              <tr key={c.rolloutId}>
                {row(c)}
                <Td>{c.verdict}</Td>
                <Td>
                  <Input
                    aria-label={`Note for ${c.model ?? "rollout"} on ${c.taskKey ?? "no task"}`}
                    value={notes[c.rolloutId] ?? ""}
                    onChange={(e) => setNotes({ ...notes, [c.rolloutId]: e.target.value })}
                    placeholder="Why a buyer should read it"
                  />
                </Td>
                <Td>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={isPending}
                    onClick={() =>
                      run(() =>
                        chooseSample({ slug, rolloutId: c.rolloutId, note: notes[c.rolloutId] ?? "" }),
                      )
                    }
                  >
                    Choose as sample
                  </Button>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </div>
  );
}
