import { useMemo } from "react";
import { type Network, type Role } from "../../generated/accounts";
import { type Age, type Category, type ServiceType, type Thematic, useLabelsQuery } from "../../generated/reference";
import { type Option } from "../../ui/CheckboxGroup";
import { PARTNER_ROLES, useSession } from "../auth/session";
import { type ListMode } from "./url-state";

export interface ServiceTypeOption extends Option<ServiceType> {
  /** An explanation for families, when loaded (see ServiceTypeFilter). */
  description?: string;
}

export interface FilterOptions {
  ages: Option<Age>[];
  thematics: Option<Thematic>[];
  /** Empty when the viewer may not filter on networks (visitors, service mode). */
  networks: Option<Network>[];
  serviceTypes: ServiceTypeOption[];
  categoryLabel: (category: Category) => string;
}

/**
 * The networks a viewer may filter media on: none for visitors and in service mode; a
 * partner's own networks, or all of them when the profile has 'ALL' (administrators see
 * every network, as the API lets them).
 */
export function networkOptions(
  options: Option<Network>[],
  mode: ListMode,
  viewer: { role: Role | "BASIC_USER"; networks: Network[] } | null,
): Option<Network>[] {
  if (mode === "services" || !viewer || !PARTNER_ROLES.some((role) => role === viewer.role)) return [];
  if (viewer.role === "ADMIN" || viewer.networks.includes("ALL")) return options;
  return options.filter((option) => viewer.networks.includes(option.value));
}

/** The choices of the filter panel, labelled by the server's reference data. */
export function useFilterOptions(mode: ListMode): FilterOptions {
  const { data } = useLabelsQuery();
  const { user, role } = useSession();
  const reference = data?.referenceData;

  return useMemo(() => {
    const networks = networkOptions(reference?.networks ?? [], mode, user && { role, networks: user.networks });
    const categories = new Map((reference?.categories ?? []).map((option) => [option.value, option.label]));
    return {
      ages: reference?.ages ?? [],
      thematics: reference?.thematics ?? [],
      networks,
      serviceTypes: reference?.serviceTypes ?? [],
      categoryLabel: (category) => categories.get(category) ?? "",
    };
  }, [mode, reference, user, role]);
}
