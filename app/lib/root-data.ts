import { useRouteLoaderData } from "react-router";
import type { loader } from "../root";

/** The root loader's data (agency details, public URL) from any component under the root. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  return data ?? null;
}

export type Agency = NonNullable<ReturnType<typeof useRootData>>["agency"];
