// React Router clears useActionData() on every revalidation, and pages with live updates
// (useLiveEvents) revalidate whenever anyone changes a record: the answer to the agent's own
// submission (a field error, "Etapa atualizada.") vanished while they read it. This keeps the
// last answer until the next submission, or until `scope` (the record on screen) changes.
import { useState } from "react";
import { useActionData, useNavigation } from "react-router";

export function useKeptActionData<T>(scope: string | number): T | undefined {
  const current = useActionData() as T | undefined;
  const navigation = useNavigation();
  const [kept, setKept] = useState<{ scope: string | number; data: T | undefined }>({
    scope,
    data: current,
  });
  // A submission on its way (its action, then its reload): the previous answer no longer holds.
  if (navigation.state !== "idle" && navigation.formMethod) {
    if (kept.data !== undefined) setKept({ scope, data: undefined });
    return undefined;
  }
  if (current !== undefined) {
    if (kept.data !== current || kept.scope !== scope) setKept({ scope, data: current });
    return current;
  }
  return kept.scope === scope ? kept.data : undefined;
}
