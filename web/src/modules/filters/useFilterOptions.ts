import { useMemo } from "react";
import { type Network } from "../../generated/accounts";
import { type Age, type Category, type ServiceType, type Thematic, useLabelsQuery } from "../../generated/reference";
import { type Option } from "../../ui/CheckboxGroup";
import { useSession } from "../auth/session";
import { type ListMode } from "./url-state";

export type ServiceTypeOption = Option<ServiceType>;

export interface FilterOptions {
  ages: Option<Age>[];
  thematics: Option<Thematic>[];
  /** Empty when the viewer may not filter on networks (visitors, service mode). */
  networks: Option<Network>[];
  serviceTypes: ServiceTypeOption[];
  categoryLabel: (category: Category) => string;
}

/**
 * The networks a viewer may filter media on: those the server lets them restrict an
 * article to (none for visitors), and none in service mode.
 */
export function networkOptions(
  options: Option<Network>[],
  mode: ListMode,
  allowed: readonly Network[],
): Option<Network>[] {
  if (mode === "services") return [];
  return options.filter((option) => allowed.includes(option.value));
}

/** The choices of the filter panel, labelled by the server's reference data. */
export function useFilterOptions(mode: ListMode): FilterOptions {
  const { data } = useLabelsQuery();
  const { can } = useSession();
  const reference = data?.referenceData;

  return useMemo(() => {
    const networks = networkOptions(reference?.networks ?? [], mode, can.restrictToNetworks);
    const categories = new Map((reference?.categories ?? []).map((option) => [option.value, option.label]));
    return {
      ages: reference?.ages ?? [],
      thematics: reference?.thematics ?? [],
      networks,
      serviceTypes: reference?.serviceTypes ?? [],
      categoryLabel: (category) => categories.get(category) ?? "",
    };
  }, [mode, reference, can.restrictToNetworks]);
}
