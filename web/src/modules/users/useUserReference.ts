import { useMemo } from "react";
import { type Network, type Role, type UserStatus } from "../../generated/accounts";
import { useReferenceDataQuery } from "../../generated/reference";

type Option<T extends string> = { value: T; label: string };

const EMPTY: never[] = [];

/** Roles, statuses and networks with their French labels, from the server's reference data. */
export function useUserReference() {
  const { data } = useReferenceDataQuery();
  return useMemo(() => {
    const reference = data?.referenceData;
    const roles: Option<Role>[] = reference?.roles ?? EMPTY;
    const statuses: Option<UserStatus>[] = reference?.userStatuses ?? EMPTY;
    const networks: Option<Network>[] = reference?.networks ?? EMPTY;
    const labeller = <T extends string>(options: Option<T>[]) => {
      const labels = new Map<string, string>(options.map((option) => [option.value, option.label]));
      return (value: T) => labels.get(value) ?? value;
    };
    return {
      roles,
      statuses,
      networks,
      roleLabel: labeller(roles),
      statusLabel: labeller(statuses),
      networkLabel: labeller(networks),
    };
  }, [data]);
}

export type UserReference = ReturnType<typeof useUserReference>;
